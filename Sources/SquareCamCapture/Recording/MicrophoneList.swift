/// A microphone `squarecam devices` lists and `--microphone ID` takes.
public struct MicrophoneDescription: Sendable, Hashable, Encodable {
    /// `pipewire:NODE_NAME`, `pulse:SOURCE_NAME`, or `test`.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public static let testTone = MicrophoneDescription(id: MicrophoneSource.testTone.name, name: "Test tone")
}

/// The microphones the sound server offers now, through GStreamer's
/// PipeWire device provider (on the user's own daemon) or, without
/// PipeWire, its PulseAudio one.
public enum MicrophoneList {
    /// `pipewireRunning`: whether PipeWire's socket is there; the PulseAudio
    /// provider would list the same microphones again through pipewire-pulse.
    public static func current(pipewireRunning: Bool) -> [MicrophoneDescription] {
        let records = pipewireRunning
            ? PipeWireDeviceList(remote: nil)?.currentDevices() ?? []
            : DeviceMonitor(deviceClass: "Audio/Source").providerDevices()
        return records.compactMap(description(of:))
    }

    /// A node name (stable across restarts, unlike its serial) for
    /// PipeWire, the source name for PulseAudio; nil for what is neither.
    static func description(of record: DeviceRecord) -> MicrophoneDescription? {
        // A sink's monitor records what is played, not what is heard.
        guard record.deviceClass.contains("Audio/Source"), record.properties["device.class"] != "monitor" else { return nil }
        if let node = record.properties["node.name"] {
            return MicrophoneDescription(id: "pipewire:" + node, name: record.displayName)
        }
        if let source = record.properties["squarecam.internal-name"] {
            return MicrophoneDescription(id: "pulse:" + source, name: record.displayName)
        }
        return nil
    }
}
