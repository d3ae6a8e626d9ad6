import SquareCamCore

/// Something that looks at the camera's frames as they stream (a code reader,
/// a face detector), attached to a `GStreamerCamera` with `setAnalyser`. It
/// runs on a thread of its own, at most `framesPerSecond` times a second,
/// always on the newest frame: one that comes while it is busy replaces the
/// one waiting, so a slow analyser skips frames and delays nothing else.
public struct FrameAnalyser: Sendable {
    /// Which analyser it is ("codes", "faces"): attaching another of the same
    /// name replaces it; its thread is named after it.
    public var name: String
    /// How many frames a second it is given at most.
    public var framesPerSecond: Double
    /// Looks at one frame, on the analyser's thread.
    public var analyse: @Sendable (AnalysisFrame) -> Void

    public init(name: String, framesPerSecond: Double, analyse: @escaping @Sendable (AnalysisFrame) -> Void) {
        self.name = name
        self.framesPerSecond = framesPerSecond
        self.analyse = analyse
    }
}

/// A frame from the analysis branch: the camera's whole frame, gray, scaled down.
public struct AnalysisFrame: Sendable {
    /// The pixels, `.gray`, at most `AnalysisBranch.longSide` on the long side.
    public var frame: Frame
    /// The camera frame it was scaled from, to place what is found in it.
    public var cameraFrameSize: PixelSize
    /// When it reached the branch.
    public var arrived: ContinuousClock.Instant

    public init(frame: Frame, cameraFrameSize: PixelSize, arrived: ContinuousClock.Instant) {
        self.frame = frame
        self.cameraFrameSize = cameraFrameSize
        self.arrived = arrived
    }

    /// Camera pixels per analysed pixel (both keep the frame's shape).
    public var scale: Double {
        frame.size.width > 0 ? Double(cameraFrameSize.width) / Double(frame.size.width) : 1
    }
}
