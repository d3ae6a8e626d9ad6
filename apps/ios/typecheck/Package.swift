// swift-tools-version:6.0
import PackageDescription

// Type-checks the iOS app's shell (apps/ios/SquareCam.swiftpm/App) on Linux,
// where there is no Apple SDK. The shared targets are the main package's own
// sources and the shell is the app's own, reached through symlinks in
// Sources/ (as fuzz/ does), so what is checked is what Xcode builds. The Apple
// modules are stand-ins in Stubs/ that declare only the API the shell uses,
// each declaration citing the developer.apple.com page it was transcribed
// from: a misspelt method or a wrong type in the shell fails this build.
// Nothing here links or runs; see ../typecheck.sh.
let package = Package(
    name: "SquareCamIOSTypecheck",
    targets: [
        .target(name: "SquareCamCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "SquareCamController", dependencies: ["SquareCamCore"]),
        .target(name: "SquareCamAppleLogic", dependencies: ["SquareCamCore"]),

        // Apple's modules, as far as the shell uses them.
        .target(name: "CoreGraphics"),
        .target(name: "QuartzCore"),
        .target(name: "CoreVideo"),
        .target(name: "CoreMedia", dependencies: ["CoreVideo"]),
        .target(name: "AVFoundation", dependencies: ["CoreMedia", "QuartzCore"]),
        .target(name: "UIKit", dependencies: ["CoreGraphics", "QuartzCore"]),
        .target(name: "Photos"),
        .target(name: "SwiftUI", dependencies: ["CoreGraphics", "UIKit"]),

        // The app's module, named as the .swiftpm names it; its resources
        // (Info.plist strings) are Xcode's business.
        .target(
            name: "AppModule",
            dependencies: ["SquareCamCore", "SquareCamController", "SquareCamAppleLogic",
                           "AVFoundation", "CoreMedia", "CoreVideo", "CoreGraphics", "QuartzCore", "UIKit", "Photos", "SwiftUI"],
            exclude: ["Resources"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
