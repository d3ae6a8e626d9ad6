/// A capture device as a discovery session lists it: the few facts the
/// camera list is chosen from, copied out of `AVCaptureDevice`.
public struct DiscoveredDevice: Hashable, Sendable {
    /// `AVCaptureDevice.uniqueID`: stable across launches, opens it again.
    public var uniqueID: String
    /// `AVCaptureDevice.localizedName`.
    public var localizedName: String
    public var position: CaptureDevicePosition
    public var kind: CaptureDeviceKind

    public init(uniqueID: String, localizedName: String, position: CaptureDevicePosition, kind: CaptureDeviceKind) {
        self.uniqueID = uniqueID
        self.localizedName = localizedName
        self.position = position
        self.kind = kind
    }
}
