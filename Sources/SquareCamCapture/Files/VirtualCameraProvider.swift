import SquareCamCore

/// The test pattern and image files as a provider: always allowed, a fixed
/// list, nothing to watch. Everything above it is the code a real camera runs.
public final class VirtualCameraProvider: CameraProvider {
    public let kind: String
    private let listed: [CameraDescription]
    private let configuration: CameraConfiguration

    /// The built-in test pattern (`--camera test[:WxH[@FPS]][:sync]`, "Use Test Pattern").
    public static func testPattern(
        size: PixelSize = CameraSpec.defaultTestSize, framesPerSecond: Int = CameraSpec.defaultTestFramesPerSecond,
        flashes: Bool = false, configuration: CameraConfiguration = CameraConfiguration()
    ) -> VirtualCameraProvider {
        VirtualCameraProvider(kind: "test", cameras: [TestCamera.description(size: size, framesPerSecond: framesPerSecond, flashes: flashes)],
                              configuration: configuration)
    }

    /// An image file shown as a live camera (`--camera file:PATH`).
    public static func imageFile(path: String, configuration: CameraConfiguration = CameraConfiguration()) -> VirtualCameraProvider {
        VirtualCameraProvider(kind: "file", cameras: [TestCamera.imageFile(path: path)], configuration: configuration)
    }

    /// Any fixed list of test and file cameras, in this order.
    public init(kind: String, cameras: [CameraDescription], configuration: CameraConfiguration = CameraConfiguration()) {
        self.kind = kind
        listed = cameras
        self.configuration = configuration
    }

    public func hasCameras() async -> Bool? { !listed.isEmpty }
    public func authorizationStatus() async -> CameraAuthorization { .authorized }
    public func requestAccess() async -> CameraAuthorization { .authorized }
    public func cameras() async throws -> [CameraDescription] { listed }
    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? { nil }

    public func openCamera(_ camera: CameraDescription) throws -> any Camera {
        do {
            return try GStreamerCamera(description: camera, configuration: configuration)
        } catch {
            throw CameraFailure.failed(camera: camera.name, detail: error.description)
        }
    }
}
