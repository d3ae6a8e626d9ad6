import SquareCamCore

/// The provider of a system whose cameras cannot be reached at all (inside
/// a sandbox with no camera portal): every list fails with the reason, so
/// the app says it on its failure page instead of not starting.
public final class UnreachableCameraProvider: CameraProvider {
    public let kind = "unreachable"
    private let failure: CameraFailure

    public init(_ failure: CameraFailure) {
        self.failure = failure
    }

    public func hasCameras() async -> Bool? { nil }
    public func authorizationStatus() async -> CameraAuthorization { .authorized }
    public func requestAccess() async -> CameraAuthorization { .authorized }
    public func cameras() async throws -> [CameraDescription] { throw failure }
    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? { nil }
    public func openCamera(_ camera: CameraDescription) throws -> any Camera { throw failure }
}
