import SquareCamCore

/// A video source as a GStreamer device provider reports it, in plain values:
/// the input of the camera list's filtering, de-duplication and facing rules.
struct DeviceRecord: Hashable, Sendable {
    /// The provider's name for it ("Integrated Camera: Integrated C").
    var displayName: String
    /// "Video/Source", "Source/Video", …
    var deviceClass: String
    /// The provider's properties (v4l2 and PipeWire keys such as
    /// `api.v4l2.path`, `object.serial`, `api.libcamera.location`), as text.
    var properties: [String: String]
    /// The modes its caps offer.
    var modes: [CameraMode]
    /// The libcamera camera id when the libcamera provider listed it (its
    /// devices carry no properties, only this name).
    var libcameraName: String?
    /// The USB port's `removable` attribute from sysfs ("fixed" for a camera
    /// built into a laptop), when known.
    var usbRemovable: String?
    /// True for a node this user may not open (found by `VideoNodeScan`): its
    /// modes are unknown, yet it is listed, so starting it says "No permission".
    var accessDenied: Bool

    init(
        displayName: String, deviceClass: String = "Video/Source", properties: [String: String] = [:],
        modes: [CameraMode] = [], libcameraName: String? = nil, usbRemovable: String? = nil,
        accessDenied: Bool = false
    ) {
        self.accessDenied = accessDenied
        self.displayName = displayName
        self.deviceClass = deviceClass
        self.properties = properties
        self.modes = modes
        self.libcameraName = libcameraName
        self.usbRemovable = usbRemovable
    }
}
