import SquareCamCore

/// Which of a discovery session's devices the user may choose from, and in
/// which order (the first is opened by default).
public enum CameraChoice {
    /// One camera per side of the phone (its preferred kind), the back one
    /// first as a phone's camera app opens it, then the front one, then
    /// plugged-in cameras in the order the system listed them, each once.
    public static func cameras(from devices: [DiscoveredDevice]) -> [CameraDescription] {
        var seen = Set<String>()
        let unique = devices.filter { seen.insert($0.uniqueID).inserted }
        let builtIn = [CaptureDevicePosition.back, .front].compactMap { position in
            unique.filter { $0.position == position && $0.kind != .external }
                .min { $0.kind.preference < $1.kind.preference }
        }
        let plugged = unique.filter { $0.kind == .external || $0.position == .unspecified }
        return (builtIn + plugged).map(description(of:))
    }

    /// The shared description; modes are left unknown (AVFoundation picks
    /// the format from the session preset).
    public static func description(of device: DiscoveredDevice) -> CameraDescription {
        CameraDescription(id: device.uniqueID, name: device.localizedName,
                          facing: device.kind == .external ? .external : device.position.facing, modes: [])
    }
}
