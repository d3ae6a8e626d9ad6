import SquareCamCore

/// A still image shown as the only camera (`--camera file:PATH`): always
/// allowed, never asks anybody. A missing file fails at the camera's `start()`.
public final class ImageFileProvider: CameraProvider {
    public let kind = "file"
    public let camera: CameraDescription
    public let configuration: CameraConfiguration

    public init(path: String, configuration: CameraConfiguration = CameraConfiguration()) {
        camera = TestCamera.imageFile(path: path)
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
