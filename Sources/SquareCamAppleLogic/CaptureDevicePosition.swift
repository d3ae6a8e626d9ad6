import SquareCamCore

/// Where a device sits on the phone, by `AVCaptureDevice.Position`'s raw value:
/// https://developer.apple.com/documentation/avfoundation/avcapturedevice/position
public enum CaptureDevicePosition: Int, CaseIterable, Sendable {
    case unspecified = 0
    case back = 1
    case front = 2

    /// Any value a later iOS may add reads as unspecified (an external camera's).
    public init(appleRawValue: Int) {
        self = CaptureDevicePosition(rawValue: appleRawValue) ?? .unspecified
    }

    /// Which way the camera looks, as the shared code names it. A camera
    /// with no position on the phone is a plugged-in (external) one.
    public var facing: CameraFacing {
        switch self {
        case .back: .back
        case .front: .front
        case .unspecified: .external
        }
    }
}
