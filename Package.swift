// swift-tools-version:6.0
import PackageDescription

// Every C dependency is a Debian library wrapped by one target of ours
// (see scripts/install-deps.sh); nothing is fetched from outside.

// Swift optimised even in debug builds, for the code that runs for every
// frame or pixel: the tests start the debug app about 110 times and crop
// hundreds of photos, and at -Onone the app took half again the CPU of a
// release build (a scene signature's loop over every pixel, for one). A
// change in one file still rebuilds in seconds.
// Only where the manifest is read on Linux: Xcode refuses a package
// product built with unsafe flags, and the iOS app uses Core and Controller.
#if os(Linux)
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"])]
#else
let optimisedInDebug: [SwiftSetting] = []
#endif

let package = Package(
    name: "SquareCam",
    // The iOS app's minimum; Linux builds ignore it (Core's lock: LockedValue).
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "squarecam", targets: ["squarecam"]),
        .executable(name: "squarecam-crop", targets: ["squarecam-crop"]),
        .executable(name: "squarecam-gst", targets: ["squarecam-gst"]),
        .executable(name: "squarecam-app", targets: ["squarecam-app"]),
        .library(name: "SquareCamCore", targets: ["SquareCamCore"]),
        // For the iOS app (apps/ios/SquareCam.swiftpm), which depends on this package by path.
        .library(name: "SquareCamController", targets: ["SquareCamController"]),
        .library(name: "SquareCamAppleLogic", targets: ["SquareCamAppleLogic"]),
    ],
    targets: [
        // C wrappers: one per C library.
        .systemLibrary(name: "CGStreamer", pkgConfig: "gstreamer-app-1.0"),
        .systemLibrary(name: "CExif", pkgConfig: "libexif"),
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1"),
        // GIO's D-Bus client (the camera portal, the permission store).
        .systemLibrary(name: "CGioDBus", pkgConfig: "gio-unix-2.0"),
        // libjpeg reports errors with longjmp, so the calls that can fail are
        // made from C that owns the setjmp (see Sources/CJPEG).
        // The resampler's multiply-add loops, vectorised by the C compiler
        // (AVX2 or SSE2, picked at load time); -O3 even in debug builds, so
        // the tests' crops run at a usable speed.
        .target(name: "CResample", cSettings: [.unsafeFlags(["-O3"])]),
        // libpng: the simplified API (8 bits per sample) is called from Swift;
        // 16-bit samples as stored need the full API, whose errors longjmp, so
        // those calls are made from C that owns the setjmp (see Sources/CPNG).
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        // libheif is opened with dlopen on the first HEIF file (see Sources/CHeif).
        .target(name: "CHeif"),
        // zbar reads QR codes (`squarecam scan`); it is opened with dlopen when
        // the first code reader is made (see Sources/CZbar), so shoot never loads it.
        .target(name: "CZbar"),
        // The app's watch on PipeWire's camera nodes; libpipewire is opened
        // with dlopen when a watch starts (the headers are libpipewire-0.3-dev's).
        .target(name: "CPipeWire", cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2", "-D_REENTRANT"])]),
        // Which program runs which command: one table for the C launcher and the Swift programs.
        .target(name: "CCommandRoutes"),
        // dlib's HOG face detector behind a C API (dlib is C++ templates). Linked
        // statically: of libdlib.a only its model's decoders are taken, so a crop
        // loads no shared dlib, BLAS or LAPACK (2 ms of every start; see cfaces.cpp).
        // -O2 even in debug builds: at -O0 dlib's templates took seconds per picture.
        .target(name: "CFaces", cxxSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.unsafeFlags(["-l:libdlib.a"])]),
        // Holds the GStreamer libcamera plugin's CameraManager for the process (C++:
        // the plugin hands it out as a std::shared_ptr; see clibcamera_hold.cpp).
        .target(name: "CLibcameraHold"),
        // -O2 even in debug builds, as the Swift that drives it (below).
        .target(
            name: "CJPEG",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("jpeg")]
        ),

        // Pure Swift, portable to Apple platforms: no C modules, no Glibc.
        .target(
            name: "SquareCamCore",
            swiftSettings: optimisedInDebug,
            // Rounding calls libm; Apple platforms link it implicitly.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(
            name: "SquareCamImaging",
            dependencies: ["SquareCamCore", "CJPEG", "CExif", "CHeif", "CPNG", "CResample", "CFaces"],
            swiftSettings: optimisedInDebug
        ),
        // An image-file camera decodes its file with SquareCamImaging (every
        // format crop reads) and feeds the pixels to the pipeline.
        .target(
            name: "SquareCamCapture",
            dependencies: ["SquareCamCore", "SquareCamImaging", "CGStreamer", "CGioDBus", "CPipeWire", "CResample", "CLibcameraHold"],
            swiftSettings: optimisedInDebug
        ),
        // Reading QR codes in frames (zbar): its own target, so squarecam-crop
        // never loads zbar; squarecam-gst and the app read codes with it.
        .target(name: "SquareCamCodes", dependencies: ["SquareCamCore", "CZbar"], swiftSettings: optimisedInDebug),
        // The capture screen's decisions (flow, camera life, countdown, saving),
        // GTK-free and GStreamer-free: cameras come through Core's CameraProvider.
        .target(
            name: "SquareCamController",
            // Nothing platform-specific: encoding and saving come in as PhotoServices.
            dependencies: ["SquareCamCore"],
            swiftSettings: optimisedInDebug
        ),
        // The iOS app's decisions in plain Swift (statuses by raw value, device
        // choice, rotation, pixels), tested here; the shell is apps/ios.
        .target(name: "SquareCamAppleLogic", dependencies: ["SquareCamCore"]),
        .target(
            name: "SquareCamApp",
            // No SquareCamCapture: the windows reach cameras only through the controller.
            dependencies: ["SquareCamCore", "SquareCamImaging", "SquareCamController", "CGtk"],
            swiftSettings: optimisedInDebug
        ),
        // Options, help and exit codes shared by the programs below.
        .target(name: "SquareCamCommandLine", dependencies: ["SquareCamCore", "CCommandRoutes"]),
        // `squarecam`: a C launcher that becomes squarecam-crop, -gst or
        // -app by the command's first word (see its main.c): one program
        // for users to type, whose start costs a fraction of a millisecond.
        // SwiftPM links every executable with swiftrt.o and the Swift runtime;
        // main.c stands in for the two runtime functions swiftrt.o calls, so
        // a release build (-static-stdlib, to need no toolchain once
        // installed) takes nothing of the runtime.
        .executableTarget(
            name: "squarecam",
            dependencies: ["CCommandRoutes"],
            // Debian's hardening for a C program: checked string functions, symbols bound at load.
            cSettings: [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "now"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // `crop` and the answers without a camera (help, version): the imaging
        // libraries only, so cropping never loads GTK or GStreamer.
        .executableTarget(
            name: "squarecam-crop",
            dependencies: ["SquareCamCore", "SquareCamImaging", "SquareCamCommandLine"],
            // The Swift runtime and FoundationEssentials linked in (with the two
            // libraries of its own that static linking must name): loading and
            // binding them as shared libraries would be 3 of this program's 5 ms start.
            // Release only: static-stdlib-args.lnk passes --exclude-libs ALL,
            // which also hides an ASan build's malloc/free, so memory that a
            // system library (libexif, libjpeg) allocates and we free crashes
            // `make test-sanitizers` ("attempting free on address which was
            // not malloc()-ed").
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // shoot, record, recover, scan and devices: GStreamer and the imaging libraries, no GTK.
        .executableTarget(
            name: "squarecam-gst",
            dependencies: ["SquareCamCore", "SquareCamImaging", "SquareCamCapture", "SquareCamCodes", "SquareCamCommandLine"],
            // Statically linked as squarecam-crop is (see there): FoundationEssentials
            // only, never all of Foundation (CoreFoundation, ICU), which would cost
            // every shot about 2 ms to start and the program 50 MB. A Foundation import
            // in a target below it makes this release link fail (CoreFoundation
            // unnamed): use FoundationEssentials, ChildProcess, DedicatedThread.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // The app.
        .executableTarget(
            name: "squarecam-app",
            dependencies: ["SquareCamCore", "SquareCamCapture", "SquareCamCodes", "SquareCamController", "SquareCamApp", "SquareCamCommandLine"],
            // The Swift runtime and Foundation linked in, as for `squarecam-crop`
            // (release only, for the same ASan reason): the toolchain is not
            // a Debian package, so an installed program may not need it.
            // Foundation (unlike FoundationEssentials) needs CoreFoundation and ICU named too.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lCoreFoundation", "-l_FoundationICU"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // The app with cameras the GUI tests script (permission answers, busy,
        // unplugged, several cameras) and the main-queue self-test: test-only,
        // never installed, so the shipped programs carry no test hooks.
        .executableTarget(
            name: "squarecam-scripted-app",
            dependencies: ["SquareCamCore", "SquareCamCapture", "SquareCamImaging", "SquareCamController", "SquareCamApp", "CGtk", "CGStreamer"],
            path: "Tests/ScriptedApp"
        ),

        // Starts harness/portal/session.py (real session bus, PipeWire, WirePlumber,
        // xdg-desktop-portal) for the tests that need a desktop session.
        .target(name: "PortalTestSupport", dependencies: ["TestThreads"], path: "Tests/PortalTestSupport"),
        // `.ownThreads`: suites whose tests wait synchronously run off Swift's
        // cooperative pool (two threads here), so they never stall the async tests.
        .target(name: "TestThreads", path: "Tests/TestThreads"),

        .testTarget(name: "SquareCamCoreTests", dependencies: ["SquareCamCore"]),
        // Test-only libjpeg helpers: coefficients read and files recoded
        // losslessly in-process, for the transcoder's differential tests.
        .target(name: "CJPEGTestSupport", path: "Tests/CJPEGTestSupport", linkerSettings: [.linkedLibrary("jpeg")]),
        // Optimised for its generated test pictures (see SquareCamImaging).
        .testTarget(name: "SquareCamImagingTests", dependencies: ["SquareCamImaging", "SquareCamCore", "CExif", "CJPEG", "CResample", "CJPEGTestSupport", "TestThreads"],
                    swiftSettings: [.unsafeFlags(["-O"])]),
        .testTarget(name: "SquareCamCaptureTests", dependencies: ["SquareCamCapture", "CGStreamer", "SquareCamImaging", "SquareCamCore", "SquareCamCommandLine", "PortalTestSupport", "TestThreads"]),
        .testTarget(name: "SquareCamCodesTests", dependencies: ["SquareCamCodes", "SquareCamCore", "SquareCamImaging"]),
        .testTarget(name: "SquareCamControllerTests", dependencies: ["SquareCamController", "SquareCamCore", "SquareCamImaging", "SquareCamCapture"]),
        .testTarget(name: "SquareCamAppleLogicTests", dependencies: ["SquareCamAppleLogic", "SquareCamCore"]),
        // Screenshots read from the X server in the test process (XGetImage),
        // not by a program each; -O2 for its loop over every pixel.
        .target(name: "CXCapture", path: "Tests/CXCapture", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("X11")]),
        .testTarget(name: "SquareCamAppTests",
                    dependencies: ["SquareCamApp", "SquareCamCore", "SquareCamImaging", "PortalTestSupport", "TestThreads", "CXCapture"]),
        .testTarget(name: "SquareCamCLITests", dependencies: ["SquareCamCore", "SquareCamImaging", "SquareCamCommandLine", "PortalTestSupport", "TestThreads"]),
    ],
    swiftLanguageModes: [.v6]
)
