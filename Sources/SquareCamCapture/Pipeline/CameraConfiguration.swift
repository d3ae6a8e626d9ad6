import SquareCamCore

/// How a `GStreamerCamera` streams: warm-up, mode request and patience.
public struct CameraConfiguration: Sendable, Hashable {
    /// Frames thrown away after starting, for webcams whose first frames are
    /// dark while exposure settles (the CLI's `--skip N`).
    public var skipFrames: Int
    /// A mode to ask for; one the camera does not offer falls back to the nearest it does.
    /// nil picks the best mode (see `CameraModeChooser`).
    public var requestedMode: CameraMode?
    /// How long `start()` waits for the first frame before it gives up.
    public var firstFrameTimeoutSeconds: Double
    /// A PipeWire remote from the camera portal (`CameraPortal.requestAccess`):
    /// PipeWire cameras (`pipewire:<serial>`, or `pipewire:default` for the
    /// portal's default camera) are then opened through it.
    public var pipeWireRemote: Int32?
    /// What the stream is for: `.live` (the app's viewfinder) favours a smooth
    /// rate, `.still` (`squarecam shoot`) the largest picture.
    public var purpose: CapturePurpose
    /// A recording made while streaming (`squarecam record`); nil records nothing.
    public var recording: RecordingSettings?
    /// Whether the pipeline has an analysis branch, for the analysers
    /// attached with `setAnalyser` (`squarecam scan`); without one they get nothing.
    public var analysis: Bool

    public init(
        skipFrames: Int = 0, requestedMode: CameraMode? = nil, firstFrameTimeoutSeconds: Double = 10,
        pipeWireRemote: Int32? = nil, purpose: CapturePurpose = .live, recording: RecordingSettings? = nil,
        analysis: Bool = false
    ) {
        self.analysis = analysis
        self.purpose = purpose
        self.recording = recording
        self.skipFrames = max(0, skipFrames)
        self.requestedMode = requestedMode
        self.firstFrameTimeoutSeconds = firstFrameTimeoutSeconds
        self.pipeWireRemote = pipeWireRemote
    }
}

/// How long a camera took to come up, for `--json` output and benchmarks.
public struct CameraTimings: Sendable, Hashable, Codable {
    /// Milliseconds from `start()` until the pipeline was built and asked to play.
    public var launchToPlayingMilliseconds: Double
    /// Milliseconds from `start()` until the first frame was kept (after skipped ones).
    public var launchToFirstFrameMilliseconds: Double
    /// Frames thrown away before the first kept one.
    public var skippedFrames: Int

    public init(launchToPlayingMilliseconds: Double, launchToFirstFrameMilliseconds: Double, skippedFrames: Int) {
        self.launchToPlayingMilliseconds = launchToPlayingMilliseconds
        self.launchToFirstFrameMilliseconds = launchToFirstFrameMilliseconds
        self.skippedFrames = skippedFrames
    }
}
