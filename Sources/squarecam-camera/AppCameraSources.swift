import SquareCamCapture
import SquareCamController
import SquareCamCore

/// Where the app's cameras come from, for `--camera`: the system's cameras
/// (the first, or the one named), the test pattern, or an image file.
/// "Use Test Pattern" always has the test pattern to switch to.
enum AppCameraSources {
    static func forArgument(_ argument: String?) throws(CameraSpecError) -> CaptureController.Sources {
        let testPattern = VirtualCameraProvider.testPattern()
        switch try CameraSpec(parsing: argument ?? "auto") {
        case .auto:
            return .init(cameras: DirectCameraProvider(), testPattern: testPattern)
        case .test(let size, let rate):
            return .init(cameras: VirtualCameraProvider.testPattern(size: size, framesPerSecond: rate), testPattern: testPattern)
        case .file(let path):
            return .init(cameras: VirtualCameraProvider.imageFile(path: path), testPattern: testPattern)
        case .device(let id):
            return .init(cameras: DirectCameraProvider(namedCameraID: id), testPattern: testPattern, preferredCameraID: id)
        }
    }
}
