/// A recording the flow holds between its end and Save or Retake. Its file
/// lies hidden in the videos folder (the controller keeps it, by `id`): a
/// crash while it is under review leaves it for recovery, never loses it.
public struct CapturedClip: Hashable, Sendable, CustomStringConvertible {
    /// Unique among the clips of one run.
    public var id: Int
    /// From its first frame to its last.
    public var seconds: Double
    /// The recorded square's side in pixels.
    public var side: Int
    /// False when it was recorded without sound (no microphone, or turned off).
    public var hasSound: Bool

    public init(id: Int, seconds: Double, side: Int, hasSound: Bool) {
        self.id = id
        self.seconds = seconds
        self.side = side
        self.hasSound = hasSound
    }

    public var description: String {
        "clip \(id) (\(side)x\(side), \((seconds * 10).rounded() / 10) s\(hasSound ? "" : ", silent"))"
    }
}

/// What the shutter takes.
public enum CaptureMode: String, Hashable, Sendable, CaseIterable {
    case photo
    case video
}
