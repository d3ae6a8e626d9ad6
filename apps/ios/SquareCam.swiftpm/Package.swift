// swift-tools-version: 5.9

// An app package in the form Xcode 16 and Swift Playgrounds create: open this
// folder (apps/ios/SquareCam.swiftpm) in Xcode 16 and run the SquareCam scheme.
// It is never built on Linux or by this repository's CI (no Apple SDK there);
// its logic is tested there (Sources/SquareCamAppleLogic) and its App/
// sources are type-checked there (apps/ios/typecheck.sh). See apps/ios/README.md.

import PackageDescription
import AppleProductTypes

let package = Package(
    name: "SquareCamiOS",
    defaultLocalization: "en",
    platforms: [
        .iOS("17.0")
    ],
    products: [
        .iOSApplication(
            name: "SquareCam",
            targets: ["AppModule"],
            bundleIdentifier: "org.squarecam.SquareCam",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .camera),
            accentColor: .presetColor(.yellow),
            supportedDeviceFamilies: [
                .pad,
                .phone
            ],
            // The square viewfinder is laid out upright; photos are turned
            // upright by the phone's orientation whatever the screen does.
            supportedInterfaceOrientations: [
                .portrait
            ],
            // English purpose strings (Info.plist); ja and ko in App/Resources/*.lproj/InfoPlist.strings.
            capabilities: [
                .camera(purposeString: "SquareCam shows the camera in its square viewfinder and takes square photos. A photo stays on this device until you save it."),
                .photoLibraryAdd(purposeString: "SquareCam adds the square photos you save to your photo library. It never reads your library.")
            ]
        )
    ],
    dependencies: [
        // The repository's root package: the shared, Linux-tested core, controller and Apple logic.
        .package(name: "SquareCam", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "AppModule",
            dependencies: [
                .product(name: "SquareCamCore", package: "SquareCam"),
                .product(name: "SquareCamController", package: "SquareCam"),
                .product(name: "SquareCamAppleLogic", package: "SquareCam")
            ],
            path: "App",
            resources: [
                .process("Resources")
            ]
        )
    ]
)
