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

/// The microphones the sound server offers now: PipeWire's Audio/Source
/// nodes on the user's own daemon, read from its registry, or without
/// PipeWire, GStreamer's PulseAudio device provider's sources.
///
/// Not GStreamer's PipeWire device provider: in `record` the list is taken
/// just before recording in the same process, and gstreamer1.0-pipewire
/// 0.3.65's provider can crash its process a moment after a listing when
/// nodes and links come and go meanwhile (it dispatches late events to its
/// released core: see `CameraListHelper`).
public enum MicrophoneList {
    /// `pipewireRunning`: whether PipeWire's socket is there; the PulseAudio
    /// provider would list the same microphones again through pipewire-pulse.
    public static func current(pipewireRunning: Bool) -> [MicrophoneDescription] {
        guard !pipewireRunning else {
            return PipeWireNodeWatch.nodesNow(mediaClass: "Audio/Source").compactMap(description(of:))
        }
        return DeviceMonitor(deviceClass: "Audio/Source").providerDevices().compactMap(description(of:))
    }

    /// By its node name, stable across restarts (unlike its serial).
    static func description(of node: PipeWireNodeWatch.Node) -> MicrophoneDescription? {
        guard let name = node.name else { return nil }
        return MicrophoneDescription(id: "pipewire:" + name, name: node.description ?? name)
    }

    /// By its source name; nil for a sink's monitor (it records what is
    /// played, not what is heard) and for what PulseAudio did not name.
    static func description(of record: DeviceRecord) -> MicrophoneDescription? {
        guard record.deviceClass.contains("Audio/Source"), record.properties["device.class"] != "monitor" else { return nil }
        if let source = record.properties["squarecam.internal-name"] {
            return MicrophoneDescription(id: "pulse:" + source, name: record.displayName)
        }
        return nil
    }
}
