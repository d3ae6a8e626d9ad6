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

    private enum Phase { case idle, starting, live, failed }

    private struct State {
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
        var viewfinderHandler: (@Sendable (Frame) -> Void)?
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
                  age > GStreamerCamera.staleFrameLimit(framesPerSecond: activeMode?.framesPerSecond ?? 0) else { return nil }
            return age
        }
    }

    /// A frame as it arrived, and when.
    private typealias LatestFrame = (sample: VideoSample, arrived: ContinuousClock.Instant)

    private let state = Mutex(State())
    /// Pipelines this camera built and GObject has since freed: equal when none leaked.
    let pipelineLedger = PipelineLedger()
    /// Serialises applying viewfinder settings to a running pipeline.
    private let viewfinderControl = Mutex(())
    /// Crops, scales and converts viewfinder frames, one at a time (`viewfinderScaling`).
    private let viewfinderScaler = FrameScaler()
    private let viewfinderScaling = Mutex(())
    /// The analysers fed by the analysis branch (GStreamerCamera+Analysis).
    let analysers = FrameAnalysers()
    /// Pipelines go to NULL here: never on a streaming thread, which it would join.
    private static let teardownQueue = DispatchQueue(label: "squarecam.camera.teardown")
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
            if let owned { await Self.tearDown(owned, remote: pipeWireRemote) }
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
        if let pipeline { await Self.tearDown(pipeline, remote: pipeWireRemote) }
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
            let ledger = pipelineLedger
            pipeline = try GStreamerPipeline(launch: description.launchText) { ledger.recordFinalized() }
            ledger.recordCreated()
        } catch {
            throw CameraFailure.failed(
                camera: cameraDescription.name,
                detail: "GStreamer could not build its pipeline (\(error.detail)). Install the GStreamer plugins (scripts/install-deps.sh)."
            )
        }
        PipelineBus.watch(pipeline) { [weak self] event in self?.handle(event, generation: generation) }
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

    /// Detaches the pipeline from this camera and stops it — unless it
    /// streamed through a PipeWire connection that has died: then it is
    /// parked, never stopped (see `ParkedPipelines`).
    private static func tearDown(_ pipeline: GStreamerPipeline, remote: PipeWireRemote?) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            enqueueTearDown(pipeline, remote: remote) { done.resume() }
        }
    }

    /// `tearDown`, queued now and run in order with the others.
    private static func enqueueTearDown(_ pipeline: GStreamerPipeline, remote: PipeWireRemote?, then done: @escaping @Sendable () -> Void = {}) {
        teardownQueue.async {
            AppSink.stopDelivering(from: pipeline, sinkNamed: PipelineDescription.stillSinkName)
            AppSink.stopDelivering(from: pipeline, sinkNamed: PipelineDescription.viewfinderSinkName)
            AppSink.stopDelivering(from: pipeline, sinkNamed: AnalysisBranch.sinkName)
            PipelineBus.unwatch(pipeline)
            if let remote, remote.isHungUp {
                pipeline.shutDown(keeping: PipelineDescription.pipeWireSourceName)
                ParkedPipelines.park(pipeline)
            } else {
                pipeline.shutDown()
            }
            done()
        }
    }

    /// Returns once every pipeline stop queued so far has run: after it, no
    /// element of theirs writes to a recording's file any more.
    private static func afterQueuedTearDowns() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            teardownQueue.async { done.resume() }
        }
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
        let (handler, requestedSide, framing) = state.withLock { state in
            (state.generation == generation && state.phase == .live ? state.viewfinderHandler : nil, state.viewfinderSide, state.framing)
        }
        guard let handler else { return }
        // The side is read per frame: a resized viewfinder gets its new size
        // with the next frame, and no caps change.
        let side = requestedSide > 0 ? requestedSide : Self.defaultViewfinderSide
        let frame = sample.withMappedFrame { source -> Frame? in
            let size = PixelSize(width: Int(source.pointee.info.width), height: Int(source.pointee.info.height))
            let square = framing?.squareForFrame(of: size) ?? size.centeredSquare
            return viewfinderScaling.withLock { _ in
                viewfinderScaler.rgba(of: source, region: square, size: PixelSize(width: side, height: side))
            }
        }
        guard let frame = frame ?? nil else { return }
        handler(frame)
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
        if let pipeline = outcome.2 {
            let remote = pipeWireRemote
            Self.enqueueTearDown(pipeline, remote: remote)
        }
        outcome.1?(failure)
    }

    // MARK: Photos and viewfinder

    public func capturePhoto() async throws -> Frame {
        try await capturePhoto(layout: .i420)
    }

    /// The latest full-resolution frame in `layout`. `.i420` is full-range BT.601
    /// (JFIF) YCbCr, which the JPEG encoder compresses as it is; `.rgb`/`.rgba` are sRGB.
    /// `centreSquareOnly` copies just the frame's centre square (see `VideoSample.makeFrame`).
    public func capturePhoto(layout: Frame.Layout, centreSquareOnly: Bool = false) async throws -> Frame {
        try await capturePhoto(arrivedAfter: nil, layout: layout, centreSquareOnly: centreSquareOnly).frame
    }

    /// The first frame that arrived after `instant` (nil: the latest frame):
    /// the latest one if it did, else the next to come, waited for, not
    /// polled. A series of photos passes each one's shutter moment, so every
    /// photo is a new picture, never the previous frame again. A camera that
    /// stops sending frames meanwhile fails the wait (the stall watch), and
    /// so does `stop()`.
    public func capturePhoto(
        arrivedAfter instant: ContinuousClock.Instant?, layout: Frame.Layout, centreSquareOnly: Bool = false
    ) async throws -> CapturedFrame {
        let id = state.withLock { $0.frameWaiters.makeID() }
        let latest: LatestFrame = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: FrameWaiters<LatestFrame>.Continuation) in
                let ready = state.withLock { state -> Result<LatestFrame, any Error>? in
                    // A cancellation before this point found no waiter to remove.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guard state.phase == .live, let latest = state.latest else {
                        return .failure(state.lastFailure ?? notRunning)
                    }
                    // Between two looks of the stall watch (`watchForStalls`).
                    if let staleAge = state.staleAge { return .failure(stalled(for: staleAge)) }
                    guard let instant, latest.arrived <= instant else { return .success(latest) }
                    state.frameWaiters.add(id, after: instant, continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            state.withLock { $0.frameWaiters.remove(id) }?.resume(throwing: CancellationError())
        }
        return try still(of: latest, layout: layout, centreSquareOnly: centreSquareOnly)
    }

    private var notRunning: CameraFailure {
        .failed(camera: cameraDescription.name, detail: "it is not running: start the camera before taking a photo.")
    }

    private func still(of latest: LatestFrame, layout: Frame.Layout, centreSquareOnly: Bool) throws -> CapturedFrame {
        do {
            let frame = try latest.sample.makeFrame(layout: layout, centreSquareOnly: centreSquareOnly)
            return CapturedFrame(frame: frame, arrived: latest.arrived, timestamp: latest.sample.timestamp)
        } catch {
            throw CameraFailure.failed(camera: cameraDescription.name, detail: "its latest frame could not be read (\(error)).")
        }
    }

    /// How old the latest frame may be: three frame intervals of the mode,
    /// and never less than 2 s (a webcam slows down in the dark).
    static func staleFrameLimit(framesPerSecond: Double) -> Duration {
        let threeFrames = framesPerSecond > 0 ? Duration.seconds(3 / framesPerSecond) : .zero
        return max(.seconds(2), threeFrames)
    }

    /// The failure of a camera whose latest frame is `age` old.
    private func stalled(for age: Duration) -> CameraFailure {
        .failed(camera: cameraDescription.name,
                detail: "it stopped sending pictures \(Int(age.components.seconds)) s ago; it may have been disconnected or hung. Unplug it and plug it in again.")
    }

    /// Once a second while `generation` is live: a source that stops without
    /// an error (a hung driver or daemon; libcamerasrc 0.0.3 when its camera
    /// goes) fails like one that reports it, so the app says so instead of
    /// showing a frozen picture. On a Dispatch queue, not in a task: a task pool
    /// kept busy (two cores, blocking work elsewhere in the process) must
    /// not delay the one look that notices a dead camera.
    private func watchForStalls(generation: Int) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            let (watching, staleAge) = state.withLock { state in
                (state.generation == generation && state.phase == .live, state.staleAge)
            }
            guard watching else { return }
            if let staleAge {
                fail(stalled(for: staleAge), generation: generation)
            } else {
                watchForStalls(generation: generation)
            }
        }
    }

    public func setViewfinder(side: Int, handler: (@Sendable (Frame) -> Void)?) {
        viewfinderControl.withLock { _ in
            // The side applies from the next frame: FrameScaler scales each
            // frame to it, so no caps are renegotiated while frames flow.
            let pipeline = state.withLock { state in
                state.viewfinderHandler = handler
                if handler != nil { state.viewfinderSide = max(1, side) }
                return state.pipeline
            }
            guard let pipeline else { return }
            pipeline.setBool(handler == nil, property: "drop", onElementNamed: PipelineDescription.viewfinderValveName)
        }
    }

    public func setFraming(_ framing: LiveFraming?) {
        state.withLock { $0.framing = framing }
    }

    public func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        state.withLock { $0.failureHandler = handler }
    }

    // MARK: Recording

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
            Self.teardownQueue.async { live.remove() }
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
            await Self.afterQueuedTearDowns()
            return false
        }
        // No frame after this one: the end is where the user stopped, not
        // where the end-of-stream caught up with the tee.
        live?.cutOff()
        let ended = await tap.end(pipeline)
        if let live {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Self.teardownQueue.async {
                    live.remove()
                    done.resume()
                }
            }
        }
        return ended
    }

    /// Runs `body` with the live pipeline, if any (tests inject bus errors).
    func withPipeline(_ body: (GStreamerPipeline) -> Void) {
        if let pipeline = state.withLock({ $0.pipeline }) { body(pipeline) }
    }

    /// Counts pipelines built and freed, for leak checks in tests.
    final class PipelineLedger: Sendable {
        private let created = Atomic<Int>(0)
        private let finalized = Atomic<Int>(0)
        func recordCreated() { created.add(1, ordering: .relaxed) }
        func recordFinalized() { finalized.add(1, ordering: .releasing) }
        var createdCount: Int { created.load(ordering: .acquiring) }
        var finalizedCount: Int { finalized.load(ordering: .acquiring) }
    }
}
