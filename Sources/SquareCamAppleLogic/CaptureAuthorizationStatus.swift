import SquareCamCore

/// AVFoundation's camera authorization status by its raw value, so the
/// mapping to `CameraAuthorization` is plain Swift, tested on Linux.
///
/// Mirrors `AVAuthorizationStatus`:
/// https://developer.apple.com/documentation/avfoundation/avauthorizationstatus
public enum CaptureAuthorizationStatus: Int, CaseIterable, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3

    /// The status for an `AVAuthorizationStatus.rawValue`. A value a later
    /// iOS may add reads as denied: the camera is not opened, and the page
    /// offers Settings, where the user can look.
    public init(appleRawValue: Int) {
        self = CaptureAuthorizationStatus(rawValue: appleRawValue) ?? .denied
    }

    /// What the shared capture flow makes of it.
    public var cameraAuthorization: CameraAuthorization {
        switch self {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .authorized
        }
    }
}

extension CameraAuthorization {
    /// The answer after `AVCaptureDevice.requestAccess(for:)` returned
    /// `granted`, with the status read right after it: a refusal by policy
    /// stays `.restricted` (no dialog was shown), any other refusal is `.denied`.
    public static func afterRequest(granted: Bool, statusNow: CaptureAuthorizationStatus) -> CameraAuthorization {
        if granted { return .authorized }
        return statusNow == .restricted ? .restricted : .denied
    }
}
