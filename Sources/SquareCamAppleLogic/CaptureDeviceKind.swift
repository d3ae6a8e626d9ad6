/// The kinds of capture device SquareCam asks a discovery session for, in
/// the order it prefers them at one position on the phone.
///
/// Mirrors the `AVCaptureDevice.DeviceType` constants the app passes to
/// `AVCaptureDevice.DiscoverySession`:
/// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype
public enum CaptureDeviceKind: CaseIterable, Sendable {
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype/builtintriplecamera
    case builtInTripleCamera
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype/builtindualwidecamera
    case builtInDualWideCamera
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype/builtindualcamera
    case builtInDualCamera
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype/builtinwideanglecamera
    case builtInWideAngleCamera
    /// A USB camera on an iPad (iOS 17):
    /// https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype/external
    case external

    /// Lower is preferred. The multi-lens ("virtual") devices come first:
    /// they switch lenses by themselves as the subject nears, so one entry
    /// per side of the phone gives the best picture; the TrueDepth and
    /// single telephoto/ultra-wide lenses are never asked for, as the same
    /// side's camera would otherwise be listed twice.
    public var preference: Int {
        CaptureDeviceKind.allCases.firstIndex(of: self)!
    }
}
