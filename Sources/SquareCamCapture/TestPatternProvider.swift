import SquareCamCore

/// The built-in moving test pattern as the only camera (`--camera test`):
/// always allowed, never asks anybody.
public final class TestPatternProvider: CameraProvider {
    public let kind = "test"
    public let camera: CameraDescription
    public let configuration: CameraConfiguration

    public init(
        size: PixelSize = CameraSpec.defaultTestSize, framesPerSecond: Int = CameraSpec.defaultTestFramesPerSecond,
        configuration: CameraConfiguration = CameraConfiguration()
    ) {
        camera = TestCamera.description(size: size, framesPerSecond: framesPerSecond)
        self.configuration = configuration
    }

    public func authorizationStatus() async -> CameraAuthorization { .authorized }
    public func requestAccess() async -> CameraAuthorization { .authorized }
    public func cameras() async throws -> [CameraDescription] { [camera] }
    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? { nil }

    public func openCamera(_ camera: CameraDescription) throws -> any Camera {
        try GStreamerCamera(description: camera, configuration: configuration)
    }
}
