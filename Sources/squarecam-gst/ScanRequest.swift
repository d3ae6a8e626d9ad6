import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// The options of `squarecam scan`, checked.
struct ScanRequest {
    let camera: CameraSpec
    let timeoutSeconds: Double
    /// The mode asked for with --mode; the camera's nearest mode when it lacks it.
    let mode: CameraMode?
    let requireCamera: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        camera = try CaptureOptions.camera(arguments)
        timeoutSeconds = try arguments.decimal("timeout", in: ScanDefaults.timeouts) ?? ScanDefaults.timeoutSeconds
        mode = try CaptureOptions.mode(arguments.string("mode"))
        requireCamera = arguments.flag("require-camera")
        json = arguments.flag("json")
    }
}
