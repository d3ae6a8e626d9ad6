import SquareCamCore

/// What a camera records besides streaming (`CameraConfiguration.recording`):
/// the square, its encoding, the sound, and the file it goes to.
public struct RecordingSettings: Sendable, Hashable {
    /// Side of the recorded square; nil: the frame's whole short side (made even).
    public var side: Int?
    /// Mirrored left to right in the file (a front camera is mirrored on screen only).
    public var mirrored: Bool
    /// VP8's target; nil: `defaultBitsPerSecond` for the square and rate.
    public var bitsPerSecond: Int?
    /// Where the sound comes from; nil records picture only.
    public var microphone: MicrophoneSource?
    /// The open file the WebM stream is written to (`RecordingFile.descriptor`).
    public var fileDescriptor: Int32
    /// The recording's length in stream time; nil: until it is ended.
    public var maximumSeconds: Double?

    public init(side: Int? = nil, mirrored: Bool = false, bitsPerSecond: Int? = nil,
                microphone: MicrophoneSource? = nil, fileDescriptor: Int32, maximumSeconds: Double? = nil) {
        self.maximumSeconds = maximumSeconds
        self.side = side
        self.mirrored = mirrored
        self.bitsPerSecond = bitsPerSecond
        self.microphone = microphone
        self.fileDescriptor = fileDescriptor
    }

    /// 0.1 bits per pixel per frame, the rate at which VP8 at real-time speed
    /// keeps a webcam's picture free of visible blocks: 3.5 Mbit/s at 1080²
    /// and 30 fps, 1.5 Mbit/s at 720², about 26 MB a minute at most. At least 300 kbit/s.
    public static func defaultBitsPerSecond(side: Int, framesPerSecond: Double) -> Int {
        let rate = framesPerSecond > 0 ? min(framesPerSecond, 60) : 30
        return max(300_000, Int(Double(side * side) * rate * 0.1))
    }
}

/// A source of sound for a recording.
public enum MicrophoneSource: Sendable, Hashable {
    /// A quiet 440 Hz tone, made by GStreamer: the microphone counterpart of `--camera test`.
    case testTone
    /// The A/V sync signal's sound (`test:sync`): a 1 kHz beep of 100 ms at
    /// every whole second of the stream, when `--camera test:sync` flashes.
    case syncBeeps
    /// A PipeWire source node by serial or name; nil: the default source.
    case pipewire(target: String?)
    /// A PulseAudio source by name; nil: the default source.
    case pulse(device: String?)

    /// The source a microphone id names (`test`, `pipewire:NODE`,
    /// `pulse:SOURCE`, as `squarecam devices` lists them); nil for another word.
    public init?(id: String) {
        if id == "test" {
            self = .testTone
        } else if id == "test:sync" {
            self = .syncBeeps
        } else if id.hasPrefix("pipewire:") {
            self = .pipewire(target: String(id.dropFirst("pipewire:".count)))
        } else if id.hasPrefix("pulse:") {
            self = .pulse(device: String(id.dropFirst("pulse:".count)))
        } else {
            return nil
        }
    }

    /// What `--json` and messages call it.
    public var name: String {
        switch self {
        case .testTone: "test"
        case .syncBeeps: "test:sync"
        case .pipewire(let target): target.map { "pipewire:\($0)" } ?? "pipewire:default"
        case .pulse(let device): device.map { "pulse:\($0)" } ?? "pulse:default"
        }
    }
}
