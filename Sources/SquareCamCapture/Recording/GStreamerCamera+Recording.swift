import SquareCamCore

/// Recording on a running camera: the branch that joins its pipeline's tee
/// and leaves it again, while the camera streams on.
extension GStreamerCamera {
    /// Hears when the recording branch fails (a full disk, a microphone
    /// gone): the camera itself may stream on.
    public func setRecordingFailureHandler(_ handler: (@Sendable (RecordingFailure) -> Void)?) {
        state.withLock { $0.recordingFailureHandler = handler }
    }

    /// Hears, once, when the recording reached `RecordingSettings.maximumSeconds`
    /// (what came after is not in the file): the moment to `endRecording`.
    public func setRecordingLimitHandler(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.recordingLimitHandler = handler }
    }

    /// Frames the recording branch was given and encoded so far; nil without one.
    public var recordingStatistics: RecordingStatistics? {
        state.withLock { $0.recordingTap }?.statistics
    }

    /// Starts recording what the camera streams now, without stopping it:
    /// the recording branch joins the running pipeline (the app's
    /// viewfinder streams on). `settings.side` is capped at the frame's
    /// short side. End it with `endRecording`.
    public func startRecording(_ settings: RecordingSettings) throws(RecordingFailure) {
        let (pipeline, mode, generation, busy, framing) = state.withLock { state in
            (state.phase == .live ? state.pipeline : nil, state.activeMode, state.generation, state.liveBranch != nil, state.framing)
        }
        guard let pipeline, let mode else { throw .encoding(detail: "the camera is not streaming") }
        guard !busy else { throw .encoding(detail: "a recording is already running") }
        // What the viewfinder shows is recorded: the front end holds the
        // framing still while it records (`LiveFraming.hold`).
        let branch = RecordingBranch(settings: settings, frameSize: mode.size, framesPerSecond: mode.framesPerSecond,
                                     startsAt: pipeline.runningTime, joinsRunningPipeline: true,
                                     square: framing?.shownSquare(in: mode.size))
        let live: LiveBranch
        do {
            live = try LiveBranch(branch.binText, name: RecordingBranch.binName, joining: PipelineDescription.teeName, of: pipeline)
        } catch {
            throw .encoding(detail: error.detail)
        }
        let tap = RecordingTap(hasMicrophone: settings.microphone != nil, maximumSeconds: settings.maximumSeconds) { [weak self] in
            self?.state.withLock { $0.generation == generation ? $0.recordingLimitHandler : nil }?()
        }
        tap.attach(to: pipeline)
        SyncSignal.attachBeeps(to: pipeline)
        let current = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.recordingTap = tap
            state.liveBranch = live
            return true
        }
        do throws(PipelineBuildError) {
            guard current else { throw PipelineBuildError(detail: "the camera stopped") }
            try live.join()
        } catch {
            state.withLock { if $0.generation == generation { $0.liveBranch = nil } }
            PipelineTeardown.enqueueRemoval(of: live)
            throw .encoding(detail: error.detail)
        }
    }

    /// Ends the recording (`configuration.recording`, or the one
    /// `startRecording` began) and waits until its file is finished; the
    /// camera streams on. False when the muxer did not finish in time (the
    /// file is then one `RecordingFile.finish` repairs).
    public func endRecording() async -> Bool {
        let (tap, pipeline, live) = state.withLock { state in
            defer { state.liveBranch = nil }
            return (state.recordingTap, state.pipeline, state.liveBranch)
        }
        guard let tap, let pipeline else {
            // The camera failed and its pipeline is being stopped: the file
            // is left as written once nothing writes to it any more.
            await PipelineTeardown.afterQueuedWork()
            return false
        }
        // No frame after this one: the end is where the user stopped, not
        // where the end-of-stream caught up with the tee.
        live?.cutOff()
        let ended = await tap.end(pipeline)
        if let live { await PipelineTeardown.remove(live) }
        return ended
    }
}
