#if canImport(Glibc)
import Glibc
#endif
import SquareCamApp
import SquareCamCapture
import SquareCamController
import SquareCamCore
import SquareCamImaging

/// `squarecam-scripted-app`: the real app with cameras the GUI tests script.
/// Test-only; never installed.
///
///     squarecam-scripted-app --script NAME          (see `Script`)
///     squarecam-scripted-app --cameras SPEC,SPEC    (test and file cameras, listed together)
///     squarecam-scripted-app --self-test main-queue [--no-bridge]
///     squarecam-scripted-app --self-test frame-memory [--without-fix]
///     squarecam-scripted-app --self-test libcamera-children [--without-fix] [--seconds S]
@MainActor
func run(_ arguments: [String]) -> Int32 {
    func value(_ option: String) -> String? {
        arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }
    if value("--self-test") == "main-queue" {
        return MainQueueSelfTest.run(bridge: !arguments.contains("--no-bridge"))
    }
    if value("--self-test") == "frame-memory" {
        return FrameMemorySelfTest.run(fixed: !arguments.contains("--without-fix"))
    }
    if value("--self-test") == "libcamera-children" {
        return LibcameraChildrenSelfTest.run(fixed: !arguments.contains("--without-fix"), seconds: value("--seconds").flatMap(Double.init) ?? 3)
    }
    // GTK starts as in the app (its renderer choice).
    guard SquareCamApp.canOpenDisplay() else {
        print("squarecam-scripted-app: no display")
        return 1
    }
    let testPattern = VirtualCameraProvider.testPattern()
    if let text = value("--script") {
        guard let script = Script(text) else {
            print("squarecam-scripted-app: no script named \(text)")
            return 2
        }
        return SquareCamApp.run(sources: .init(cameras: ScriptedProvider(script: script), testPattern: testPattern, displayScaler: FrameScaling.rgba))
    }
    if let list = value("--cameras") {
        let cameras = list.split(separator: ",").compactMap { item -> CameraDescription? in
            switch try? CameraSpec(parsing: String(item)) {
            case .test(let size, let rate, let flashes): TestCamera.description(size: size, framesPerSecond: rate, flashes: flashes)
            case .file(let path): TestCamera.imageFile(path: path)
            default: nil
            }
        }
        var sources = CaptureController.Sources(cameras: VirtualCameraProvider(kind: "listed", cameras: cameras), testPattern: testPattern,
                                                displayScaler: FrameScaling.rgba)
        // As the app's: Follow the Face works on listed cameras.
        sources.findFaces = FaceDetector.boxesForFollowing
        return SquareCamApp.run(sources: sources)
    }
    print("usage: squarecam-scripted-app --script NAME | --cameras SPEC,SPEC | --self-test main-queue [--no-bridge] | --self-test frame-memory [--without-fix] | --self-test libcamera-children [--without-fix] [--seconds S]")
    return 2
}

exit(run(Array(CommandLine.arguments.dropFirst())))
