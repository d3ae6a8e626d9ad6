/// Whether the user allowed SquareCam to use the camera, as the platform reports it.
///
/// The portable form of AVFoundation's authorization status and of the
/// camera portal's answer on Linux; the UI decides what to show from it.
public enum CameraAuthorization: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Allowed: open the camera.
    case authorized
    /// Not asked yet: ask (the portal or the system shows its dialog), then open the camera if granted.
    case notDetermined
    /// The user refused: explain, and offer the system's privacy settings.
    case denied
    /// A policy (parental controls, an administrator) forbids it: explain; the user may not be able to change it.
    case restricted

    /// What the UI must do next for an authorization.
    public enum NextStep: Hashable, Sendable {
        /// Start the camera.
        case openCamera
        /// Say why the camera is wanted, ask the platform, then start the camera if it was granted.
        case askThenOpenIfGranted
        /// Show why the camera cannot be used, with a button to the privacy settings and one to try again.
        case explainAndOfferSettings
    }

    /// What the UI must do next.
    public var nextStep: NextStep {
        switch self {
        case .authorized: .openCamera
        case .notDetermined: .askThenOpenIfGranted
        case .denied, .restricted: .explainAndOfferSettings
        }
    }

    /// The authorization after the user answered the permission question.
    public func afterAsking(granted: Bool) -> CameraAuthorization {
        switch self {
        case .notDetermined: granted ? .authorized : .denied
        case .authorized, .denied, .restricted: self
        }
    }

    /// The authorization a camera failure reveals, or nil when the failure is not about permission.
    public init?(failure: CameraFailure) {
        switch failure {
        case .permissionDenied: self = .denied
        case .permissionRestricted: self = .restricted
        case .noCamera, .busy, .disconnected, .failed, .unknownCamera, .portalUnavailable, .pipeWireUnreachable: return nil
        }
    }

    /// The page's headline for a refused camera, nil when the camera may be used or asked for.
    public var explanation: String? {
        switch self {
        case .authorized, .notDetermined:
            nil
        case .denied:
            "SquareCam has no permission to use the camera. Allow it in Settings › Privacy › Camera, then choose Try Again."
        case .restricted:
            "A system policy does not allow SquareCam to use the camera. Ask the administrator of this computer to allow it, then choose Try Again."
        }
    }

    public var description: String { rawValue }
}
