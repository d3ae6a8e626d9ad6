/// Where a platform's cameras come from, and whether SquareCam may use them.
///
/// Shaped after AVFoundation so an Apple front end is a thin adapter:
/// `authorizationStatus()` is `AVCaptureDevice.authorizationStatus(for: .video)`,
/// `requestAccess()` is `AVCaptureDevice.requestAccess(for: .video)`,
/// `cameras()` is a `DiscoverySession`'s `devices`, `watchCameras` is its
/// key-value observation, and `openCamera` is `AVCaptureDeviceInput(device:)`
/// on a session. On Linux the camera portal with PipeWire, direct V4L2 and
/// libcamera, the test pattern and image files each implement it.
public protocol CameraProvider: AnyObject, Sendable {
    /// A short name for logs and the debug state ("portal", "direct", "test").
    var kind: String { get }

    /// What the platform says now, without asking the user.
    func authorizationStatus() async -> CameraAuthorization

    /// Whether the platform sees any camera at all, asked without permission
    /// (AVFoundation: a discovery session's devices are not empty); nil when
    /// it cannot tell. An app does not ask for a camera nobody has.
    func hasCameras() async -> Bool?

    /// Asks the user where the platform must (the portal's or the system's
    /// dialog); returns the answer: `.authorized`, `.denied` or `.restricted`.
    func requestAccess() async -> CameraAuthorization

    /// The cameras that may be used now, the one to open by default first.
    /// Throws `CameraFailure` (not allowed, the platform's camera service missing).
    func cameras() async throws -> [CameraDescription]

    /// Calls `handler` with the whole list whenever cameras come or go (on
    /// any thread), until the returned watch is cancelled. Nil when this
    /// provider cannot watch (its list never changes).
    func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)?

    /// `watchCameras(_:)`, started by a caller that has just had `listed`
    /// from `cameras()`: a watch that would begin by listing again may take
    /// that as its first list (the portal's: a listing is a helper program,
    /// run while the camera starts).
    func watchCameras(knowing listed: [CameraDescription],
                      _ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)?

    /// A camera for one of `cameras()`, not yet started. Throws `CameraFailure`.
    func openCamera(_ camera: CameraDescription) throws -> any Camera

    /// The command that makes the platform forget a refusal, where it keeps
    /// the answer with no settings page to change it (the camera portal's
    /// permission store); nil elsewhere.
    var forgetRefusalCommand: String? { get }
}

extension CameraProvider {
    public var forgetRefusalCommand: String? { nil }

    public func watchCameras(knowing listed: [CameraDescription],
                             _ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        watchCameras(handler)
    }
}

/// A running observation of a provider's camera list; cancel it to stop.
public protocol CameraWatch: AnyObject, Sendable {
    /// Stops the observation; no handler call starts after it returns. Safe to call twice.
    func cancel()
}
