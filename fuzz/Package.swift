// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers SquareCam feeds untrusted bytes. The
// library targets are the main package's own sources, reached through
// symlinks in Sources/, so the fuzzers test exactly what ships; this is a
// separate package because every target here is built with
// `--sanitize=fuzzer --sanitize=address` (see fuzz/run.sh).
let package = Package(
    name: "SquareCamFuzz",
    targets: [
        .systemLibrary(name: "CExif", pkgConfig: "libexif"),
        .target(name: "CHeif"),
        .target(name: "CResample", cSettings: [.unsafeFlags(["-O3"])]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("jpeg")]),
        .target(name: "SquareCamCore", linkerSettings: [.linkedLibrary("m")]),
        // dlib is linked statically and built without ASan, as it ships.
        .target(name: "CFaces", cxxSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.unsafeFlags(["-l:libdlib.a"])]),
        .target(name: "SquareCamImaging", dependencies: ["SquareCamCore", "CJPEG", "CExif", "CHeif", "CPNG", "CResample", "CFaces"]),

        .executableTarget(name: "FuzzJPEG", dependencies: ["SquareCamImaging", "SquareCamCore"]),
        .executableTarget(name: "FuzzEXIF", dependencies: ["SquareCamImaging", "SquareCamCore"]),
        .executableTarget(name: "FuzzHEIF", dependencies: ["SquareCamImaging", "SquareCamCore"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["SquareCamImaging", "SquareCamCore"]),
        .executableTarget(name: "FuzzCrop", dependencies: ["SquareCamImaging", "SquareCamCore"]),
    ],
    swiftLanguageModes: [.v6]
)
