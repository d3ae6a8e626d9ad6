import Dispatch
import SquareCamCore
import Synchronization

/// A live camera on a GStreamer pipeline: a real device, the test pattern or
/// an image file. It keeps the latest full-resolution frame (converted only
/// when a photo is taken) and feeds a square RGBA viewfinder.
public final class GStreamerCamera: Camera {
    public let cameraDescription: CameraDescription
    public let configuration: CameraConfiguration
    let source: CameraSource

    enum Phase { case idle, starting, live, failed }

    /// Everything that changes while the camera runs, behind one lock
    /// (`state`); the extensions in other files (photos, recording) share it.
    struct State {
        var phase = Phase.idle
        /// Bumped on every start and stop; callbacks of an older pipeline carry
        /// an older number and are ignored.
        var generation = 0
        var pipeline: GStreamerPipeline?
        var startWaiter: CheckedContinuation<Void, any Error>?
        /// The newest frame and when it came: a photo of a frame from long ago
        /// is not what is in front of the camera.
        var latest: LatestFrame?
        /// Photos waiting for a frame newer than the one kept.
        var frameWaiters = FrameWaiters<LatestFrame>()
        var framesSeen = 0
        var launchedAt: ContinuousClock.Instant?
        var playingAt: ContinuousClock.Instant?
        var timings: CameraTimings?
        var activeMode: CameraMode?
        var lastFailure: CameraFailure?
        var viewfinderSide = 0
        var viewfinderMirrored = false
        var viewfinderHandler: (@Sendable (ScreenPicture) -> Void)?
        /// Which square the viewfinder shows; the centre square when nil.
        var framing: LiveFraming?
        var failureHandler: (@Sendable (CameraFailure) -> Void)?
        /// The running pipeline's recording branch, when it has one.
        var recordingTap: RecordingTap?
        /// The recording begun on the running pipeline (`startRecording`), until it is ended.
        var liveBranch: LiveBranch?
        var recordingFailureHandler: (@Sendable (RecordingFailure) -> Void)?
        var recordingLimitHandler: (@Sendable () -> Void)?

        /// The latest frame's age once it is past the stale limit; nil while frames come.
        var staleAge: Duration? {
            guard let age = latest.map({ $0.arrived.duration(to: .now) }),
                  age > StallWatch.staleFrameLimit(framesPerSecond: activeMode?.framesPerSecond ?? 0) else { return nil }
            return age
        }
    }

    /// A frame as it arrived, and when.
    typealias LatestFrame = (sample: VideoSample, arrived: ContinuousClock.Instant)

    let state = Mutex(State())
    /// Serialises applying viewfinder settings to a running pipeline.
    private let viewfinderControl = Mutex(())
    /// Crops, scales and converts viewfinder frames, one at a time (`viewfinderScaling`).
    private let viewfinderScaler = FrameScaler()
    /// Held while a frame is scaled and handed over; true once one has been
    /// since the viewfinder last asked (the latest frame is then no news).
    private let viewfinderScaling = Mutex(false)
    /// The analysers fed by the analysis branch (GStreamerCamera+Analysis).
    let analysers = FrameAnalysers()
    /// Viewfinder side used until `setViewfinder` asks for another.
    static let defaultViewfinderSide = 480

    /// The camera portal's PipeWire connection this camera streams through,
    /// kept open as long as the camera lives (`pipewiresrc` connects through its number).
    private let pipeWireRemote: PipeWireRemote?

    /// A camera for a listed description (its id says where frames come from).
    public init(description: CameraDescription, configuration: CameraConfiguration = CameraConfiguration()) throws(CameraSpecError) {
        guard let source = CameraSource(id: description.id) else {
            throw .unknownDevice(id: description.id, known: [])
        }
        self.cameraDescription = description
        self.configuration = configuration
        self.source = source
        pipeWireRemote = nil
    }

    /// A PipeWire camera streamed through a camera-portal remote, which it owns from now on.
    public init(description: CameraDescription, configuration: CameraConfiguration, pipeWireRemote: PipeWireRemote) throws(CameraSpecError) {
        guard let source = CameraSource(id: description.id), case .pipewire = source else {
            throw .unknownDevice(id: description.id, known: [])
        }
        var configuration = configuration
        configuration.pipeWireRemote = pipeWireRemote.fileDescriptor
        self.cameraDescription = description
        self.configuration = configuration
        self.source = source
        self.pipeWireRemote = pipeWireRemote
    }

    /// The mode streaming now, read from the first frame; nil before `start()`.
    public var activeMode: CameraMode? { state.withLock { $0.activeMode } }

    /// How long the last `start()` took; nil before the first frame.
    public var timings: CameraTimings? { state.withLock { $0.timings } }

    /// Whether the camera is streaming.
    public var isLive: Bool { state.withLock { $0.phase == .live } }

    // MARK: Starting and stopping

    public func start() async throws {
        let generation = try beginStart()
        let pipeline: GStreamerPipeline
        do {
            let image = try preflight()
            pipeline = try build(generation: generation, image: image)
        } catch {
            state.withLock { if $0.generation == generation { $0.phase = .failed } }
            throw error
        }
        do {
            try await runUntilFirstFrame(pipeline, generation: generation)
        } catch {
            let owned = state.withLock { state -> GStreamerPipeline? in
                guard state.generation == generation else { return nil }
                defer { state.pipeline = nil }
                return state.pipeline
            }
            if let owned { await PipelineTeardown.tearDown(owned, remote: pipeWireRemote) }
            throw error
        }
    }

    public func stop() async {
        let (pipeline, waiter, photos) = state.withLock { state in
            state.generation += 1
            state.phase = .idle
            state.latest = nil
            defer { state.pipeline = nil; state.startWaiter = nil }
            return (state.pipeline, state.startWaiter, state.frameWaiters.takeAll())
        }
        waiter?.resume(throwing: CameraFailure.failed(camera: cameraDescription.name, detail: "it was stopped while starting."))
        for photo in photos {
            photo.resume(throwing: CameraFailure.failed(camera: cameraDescription.name, detail: "it was stopped before a new picture came."))
        }
        if let pipeline { await PipelineTeardown.tearDown(pipeline, remote: pipeWireRemote) }
    }

    private func beginStart() throws -> Int {
        try state.withLock { state throws -> Int in
            switch state.phase {
            case .starting, .live:
                throw CameraFailure.failed(camera: cameraDescription.name, detail: "it is already started: stop it first.")
            case .idle, .failed:
                state.phase = .starting
                state.generation += 1
                state.framesSeen = 0
                state.latest = nil
                state.timings = nil
                state.activeMode = nil
                state.lastFailure = nil
                state.launchedAt = .now
                return state.generation
            }
        }
    }

    /// Failures that can be told before GStreamer runs, with clearer words.
    /// Returns a `file:` camera's image, decoded (an unreadable file fails here).
    private func preflight() throws -> Frame? {
        if let path = source.devicePath, let failure = DeviceAccess.check(devicePath: path, camera: cameraDescription.name) {
            throw failure
        }
        if case .imageFile(let path) = source {
            return try ImageFileSource.decode(path: path, camera: cameraDescription.name)
        }
        return nil
    }

    private func build(generation: Int, image: Frame?) throws -> GStreamerPipeline {
        let mode = streamingMode()
        var streamSource = source
        if case .pipewire(let serial, _) = source, let remote = configuration.pipeWireRemote {
            streamSource = .pipewire(objectSerial: serial, fd: remote)
        }
        var description = PipelineDescription(source: streamSource, mode: mode)
        description.hasViewfinder = configuration.purpose == .live
        // The app's viewfinder always has it: its gate passes no frame until
        // something analyses (the code bar), and then the stream need not restart.
        description.hasAnalysis = configuration.analysis || configuration.purpose == .live
        description.imageFormat = image.map(ImageFileSource.format(of:))
        description.recording = configuration.recording.map {
            RecordingBranch(settings: $0, frameSize: mode?.size ?? description.imageFormat?.size ?? source.testPatternSize,
                            framesPerSecond: mode?.framesPerSecond ?? sourceFramesPerSecond)
        }
        let pipeline: GStreamerPipeline
        do {
            pipeline = try GStreamerPipeline(launch: description.launchText)
        } catch {
            throw CameraFailure.failed(
                camera: cameraDescription.name,
                detail: "GStreamer could not build its pipeline (\(error.detail)). Install the GStreamer plugins (scripts/install-deps.sh)."
            )
        }
        PipelineBus.watch(pipeline) { [weak self] event in self?.handle(event, generation: generation) }
        // pipewiresrc 0.3.65 answers every request to negotiate again by
        // disconnecting its stream and connecting it anew, even for the caps it
        // has. decodebin asks once its pad is linked, tens of milliseconds after
        // the first frame, and a camera unplugged during that second connection
        // crashed the app about once in ten (a freed listener called when the
        // stream was destroyed; harness/portal/stress.py, scenario unplug). The
        // caps cannot change after the first negotiation here (every branch
        // converts for itself), so such requests are dropped.
        if case .pipewire = streamSource {
            PadProbe.dropRenegotiationRequests(in: pipeline, element: PipelineDescription.pipeWireSourceName, pad: "src")
        }
        if case .testPattern(let size, let rate, true) = streamSource {
            SyncSignal.attachFlashes(to: pipeline, size: size, framesPerSecond: Double(rate))
        }
        if let recording = description.recording {
            let tap = RecordingTap(
                hasMicrophone: recording.settings.microphone != nil, maximumSeconds: recording.settings.maximumSeconds
            ) { [weak self] in
                self?.state.withLock { $0.generation == generation ? $0.recordingLimitHandler : nil }?()
            }
            tap.attach(to: pipeline)
            SyncSignal.attachBeeps(to: pipeline)
            state.withLock { if $0.generation == generation { $0.recordingTap = tap } }
        }
        AppSink.deliverSamples(from: pipeline, sinkNamed: PipelineDescription.stillSinkName) { [weak self] sample in
            self?.receiveStill(sample, generation: generation)
        }
        AppSink.deliverSamples(from: pipeline, sinkNamed: PipelineDescription.viewfinderSinkName) { [weak self] sample in
            self?.receiveViewfinder(sample, generation: generation)
        }
        if description.hasAnalysis { connectAnalysis(of: pipeline, generation: generation) }
        let viewfinderOn = state.withLock { $0.viewfinderHandler != nil }
        pipeline.setBool(!viewfinderOn, property: "drop", onElementNamed: PipelineDescription.viewfinderValveName)
        if let image, !ImageFileSource.feed(image, into: pipeline) {
            throw CameraFailure.failed(camera: cameraDescription.name, detail: "GStreamer did not take the decoded image. Install the GStreamer plugins (scripts/install-deps.sh).")
        }
        return pipeline
    }

    /// The mode to ask the device for; nil lets GStreamer pick.
    func streamingMode() -> CameraMode? {
        switch source {
        case .testPattern, .imageFile: nil
        case .v4l2, .pipewire, .libcamera:
            CameraModeChooser.choose(
                from: cameraDescription.modes, requested: configuration.requestedMode, purpose: configuration.purpose)
        }
    }

    private func runUntilFirstFrame(_ pipeline: GStreamerPipeline, generation: Int) async throws {
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            let waiting = state.withLock { state -> Bool in
                guard state.generation == generation, state.phase == .starting else { return false }
                state.pipeline = pipeline
                state.startWaiter = waiter
                return true
            }
            guard waiting else {
                waiter.resume(throwing: CameraFailure.failed(camera: cameraDescription.name, detail: "it was stopped while starting."))
                return
            }
            let playing = pipeline.play()
            state.withLock { $0.playingAt = .now }
            if !playing {
                // The reason is normally already on the bus and has resumed the
                // waiter; this covers an element that refused without a word.
                finishStart(generation: generation, with: .failed(
                    camera: cameraDescription.name, detail: "GStreamer could not start streaming."))
                return
            }
            let timeout = configuration.firstFrameTimeoutSeconds
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                guard let self else { return }
                self.finishStart(generation: generation, with: .failed(
                    camera: self.cameraDescription.name,
                    detail: "no picture arrived within \(Int(timeout)) seconds. Check that no other program holds it, then try again."))
            }
        }
    }

    /// Resumes a waiting `start()` with a failure, once.
    private func finishStart(generation: Int, with failure: CameraFailure) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.generation == generation, state.phase == .starting else { return nil }
            state.phase = .failed
            state.lastFailure = failure
            defer { state.startWaiter = nil }
            return state.startWaiter
        }
        waiter?.resume(throwing: failure)
    }

    // MARK: Streaming-thread callbacks

    private func receiveStill(_ sample: VideoSample, generation: Int) {
        let skip = configuration.skipFrames
        let latest = (sample: sample, arrived: ContinuousClock.now)
        let (waiter, photos) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, [FrameWaiters<LatestFrame>.Continuation]) in
            guard state.generation == generation else { return (nil, []) }
            state.framesSeen += 1
            guard state.framesSeen > skip else { return (nil, []) }
            state.latest = latest
            guard state.phase == .starting else {
                return (nil, state.frameWaiters.takeSatisfied(byFrameArrivedAt: latest.arrived))
            }
            state.phase = .live
            let now = ContinuousClock.now
            if let launched = state.launchedAt {
                state.timings = CameraTimings(
                    launchToPlayingMilliseconds: ((state.playingAt ?? now) - launched).inMilliseconds,
                    launchToFirstFrameMilliseconds: (now - launched).inMilliseconds,
                    skippedFrames: skip)
            }
            defer { state.startWaiter = nil }
            return (state.startWaiter, [])
        }
        for photo in photos { photo.resume(returning: latest) }
        guard let waiter else { return }
        watchForStalls(generation: generation)
        let format = sample.videoFormat
        state.withLock { state in
            guard state.generation == generation, let format else { return }
            let rate = streamingMode()?.framesPerSecond ?? sourceFramesPerSecond
            state.activeMode = CameraMode(size: format.size, framesPerSecond: rate, format: streamingMode()?.format ?? format.format)
        }
        waiter.resume()
    }

    private var sourceFramesPerSecond: Double {
        switch source {
        case .testPattern(_, let rate, _): Double(rate)
        case .imageFile: Double(PipelineDescription.imageFileFramesPerSecond)
        default: 0
        }
    }

    /// The streaming frame's size while `generation` is live; nil otherwise.
    func frameSize(ifStreaming generation: Int) -> PixelSize? {
        state.withLock { $0.generation == generation && $0.phase == .live ? $0.activeMode?.size : nil }
    }

    private func receiveViewfinder(_ sample: VideoSample, generation: Int) {
        showInViewfinder(sample, generation: generation, unlessShownAlready: false)
    }

    /// Scales `sample` for the viewfinder and hands it over. With
    /// `unlessShownAlready`, only when no frame has been since the
    /// viewfinder asked (the latest frame shown at once must never come
    /// after a newer one).
    private func showInViewfinder(_ sample: VideoSample, generation: Int, unlessShownAlready: Bool) {
        let (handler, requestedSide, mirrored, framing) = state.withLock { state in
            (state.generation == generation && state.phase == .live ? state.viewfinderHandler : nil,
             state.viewfinderSide, state.viewfinderMirrored, state.framing)
        }
        guard let handler else { return }
        // The side is read per frame: a resized viewfinder gets its new size
        // with the next frame, and no caps change.
        let side = requestedSide > 0 ? requestedSide : Self.defaultViewfinderSide
        viewfinderScaling.withLock { shownSinceAsked in
            guard !(unlessShownAlready && shownSinceAsked) else { return }
            let picture = sample.withMappedFrame { source -> ScreenPicture? in
                let size = PixelSize(width: Int(source.pointee.info.width), height: Int(source.pointee.info.height))
                let square = framing?.squareForFrame(of: size) ?? size.centeredSquare
                return viewfinderScaler.screenPicture(of: source, region: square, side: side, mirrored: mirrored)
            }
            guard let picture = picture ?? nil else { return }
            shownSinceAsked = true
            handler(picture)
        }
    }

    private func handle(_ event: PipelineEvent, generation: Int) {
        let failure: CameraFailure
        switch event {
        case .error(let report) where RecordingBranch.elementNames.contains(report.sourceName):
            let handler = state.withLock { $0.generation == generation ? $0.recordingFailureHandler : nil }
            handler?(RecordingFailure(report))
            return
        case .error(let report):
            let node = source.devicePath.map { DeviceAccess.presence(devicePath: $0) } ?? .unknown
            failure = CameraFailureClassifier.failure(for: report, camera: cameraDescription.name, node: node)
        case .endOfStream:
            // A camera never ends by itself: its node went away.
            failure = .disconnected(camera: cameraDescription.name)
        case .warning:
            return
        }
        fail(failure, generation: generation)
    }

    /// Ends a start or a live stream of `generation` with `failure`, once:
    /// the waiting start throws it, or the failure handler hears of it.
    private func fail(_ failure: CameraFailure, generation: Int) {
        let (photos, outcome) = state.withLock { state -> ([FrameWaiters<LatestFrame>.Continuation], (CheckedContinuation<Void, any Error>?, (@Sendable (CameraFailure) -> Void)?, GStreamerPipeline?)) in
            guard state.generation == generation else { return ([], (nil, nil, nil)) }
            switch state.phase {
            case .starting:
                state.phase = .failed
                state.lastFailure = failure
                defer { state.startWaiter = nil }
                return ([], (state.startWaiter, nil, nil))
            case .live:
                state.phase = .failed
                state.lastFailure = failure
                state.latest = nil
                defer { state.pipeline = nil }
                return (state.frameWaiters.takeAll(), (nil, state.failureHandler, state.pipeline))
            case .idle, .failed:
                return ([], (nil, nil, nil))
            }
        }
        for photo in photos { photo.resume(throwing: failure) }
        outcome.0?.resume(throwing: failure)
        if let pipeline = outcome.2 { PipelineTeardown.enqueue(pipeline, remote: pipeWireRemote) }
        outcome.1?(failure)
    }

    /// The failure of a camera whose latest frame is `age` old.
    func stalled(for age: Duration) -> CameraFailure {
        .failed(camera: cameraDescription.name,
                detail: "it stopped sending pictures \(Int(age.inSeconds)) s ago; it may have been disconnected or hung. Unplug it and plug it in again.")
    }

    /// Fails `generation` once its latest frame is too old (`StallWatch`).
    private func watchForStalls(generation: Int) {
        StallWatch.lookEverySecond { [weak self] in
            guard let self else { return false }
            let (watching, staleAge) = state.withLock { state in
                (state.generation == generation && state.phase == .live, state.staleAge)
            }
            guard watching else { return false }
            if let staleAge {
                fail(stalled(for: staleAge), generation: generation)
                return false
            }
            return true
        }
    }

    // MARK: Viewfinder

    public func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?) {
        let latest = viewfinderControl.withLock { _ -> (frame: LatestFrame, generation: Int)? in
            // The side applies from the next frame: FrameScaler scales each
            // frame to it, so no caps are renegotiated while frames flow.
            // Cleared before any frame can reach the new handler.
            if handler != nil { viewfinderScaling.withLock { $0 = false } }
            let (pipeline, latest, generation) = state.withLock { state in
                let asksAnew = state.viewfinderHandler == nil && handler != nil
                state.viewfinderHandler = handler
                if handler != nil {
                    state.viewfinderSide = max(1, side)
                    state.viewfinderMirrored = mirrored
                }
                return (state.pipeline, asksAnew && state.phase == .live ? state.latest : nil, state.generation)
            }
            guard let pipeline else { return nil }
            pipeline.setBool(handler == nil, property: "drop", onElementNamed: PipelineDescription.viewfinderValveName)
            return latest.map { ($0, generation) }
        }
        // The valve passes only frames that come after it opened, up to a
        // frame's time away (66 ms at 15 fps): the latest frame the still
        // branch holds is handed over at once instead, here, so that the
        // app can draw it in the paint it is about to do.
        guard let latest else { return }
        showInViewfinder(latest.frame.sample, generation: latest.generation, unlessShownAlready: true)
    }

    public func setFraming(_ framing: LiveFraming?) {
        state.withLock { $0.framing = framing }
    }

    public func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        state.withLock { $0.failureHandler = handler }
    }
}
