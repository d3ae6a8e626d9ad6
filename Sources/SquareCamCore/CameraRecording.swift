/// A camera that can record what its square shows while its viewfinder
/// streams on (the app's video mode).
public protocol RecordingCamera: Camera {
    /// Starts recording into a new hidden file in `folder` (created when
    /// missing), with `microphone`'s sound or none. `interrupted` hears,
    /// once, why the recording stopped by itself (a full disk): what was
    /// written is kept, to be finished with `finish`.
    func startRecording(into folder: String, sound microphone: RecordingSound,
                        interrupted: @escaping @Sendable (String) -> Void) throws -> any CameraRecording
}

/// Where a recording's sound comes from.
public enum RecordingSound: Hashable, Sendable {
    /// No sound track.
    case none
    /// The sound server's default microphone.
    case defaultMicrophone
    /// A microphone by its id, as `squarecam devices` lists it (`test` is a built-in tone).
    case microphone(id: String)
}

/// One recording, from its start to Save or Retake. Its file stays hidden
/// until `save`: if the app dies first, the next start recovers it.
public protocol CameraRecording: AnyObject, Sendable {
    /// False when it records no sound.
    var hasSound: Bool { get }
    /// Buffers of sound heard so far: 0 after a second or two means the microphone is silent or missing.
    var soundHeard: Int { get }
    /// Ends the recording and finishes its file, still hidden; throws when
    /// nothing was recorded (or the file could not be finished: it is then kept hidden).
    func finish() async throws -> RecordedClipFacts
    /// The finished file, for playing it before it is saved.
    var playablePath: String { get }
    /// Gives the finished file its visible name in the folder; returns it.
    func save() throws -> String
    /// Ends the recording if it runs, and deletes its file.
    func discard() async
}

/// What a finished recording holds.
public struct RecordedClipFacts: Hashable, Sendable {
    public var seconds: Double
    public var side: Int

    public init(seconds: Double, side: Int) {
        self.seconds = seconds
        self.side = side
    }
}
