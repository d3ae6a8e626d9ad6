import Dispatch
import SquareCamCore
import Synchronization

/// A camera streamed through the camera portal's PipeWire connection, which
/// notices PipeWire going away. `pipewiresrc` (PipeWire 0.3.65) reports no
/// error when the daemon dies, it just stops delivering; the remote's socket
/// hanging up is the sign, so a live camera checks it and fails with
/// `.disconnected`, as an unplugged V4L2 camera does.
public final class PortalCamera: Camera {
    /// The pipeline doing the work (its active mode and timings).
    public let camera: GStreamerCamera
    private let remote: PipeWireRemote
    /// Bumped by every start, stop and failure: a check of an older run stops itself.
    private let run = Atomic<Int>(0)
    private let failureHandler = Mutex<(@Sendable (CameraFailure) -> Void)?>(nil)
    /// How often a live camera looks at its remote.
    static let checkInterval = DispatchTimeInterval.milliseconds(200)

    init(camera: GStreamerCamera, remote: PipeWireRemote) {
        self.camera = camera
        self.remote = remote
    }

    public var cameraDescription: CameraDescription { camera.cameraDescription }

    public func start() async throws {
        try await camera.start()
        let current = run.add(1, ordering: .acquiringAndReleasing).newValue
        scheduleCheck(of: current)
    }

    public func stop() async {
        run.add(1, ordering: .acquiringAndReleasing)
        await camera.stop()
    }

    public func capturePhoto() async throws -> Frame {
        try await camera.capturePhoto()
    }

    public func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?) {
        camera.setViewfinder(side: side, mirrored: mirrored, handler: handler)
    }

    public func setFraming(_ framing: LiveFraming?) {
        camera.setFraming(framing)
    }

    public func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (Frame, PixelSize) -> Void)?) {
        camera.setFrameAnalysis(named: name, framesPerSecond: framesPerSecond, analyse)
    }

    public func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        failureHandler.withLock { $0 = handler }
        guard let handler else {
            camera.setFailureHandler(nil)
            return
        }
        camera.setFailureHandler { [weak self] failure in
            // The pipeline reported it first: the check has nothing left to say.
            self?.run.add(1, ordering: .acquiringAndReleasing)
            handler(failure)
        }
    }

    private func scheduleCheck(of current: Int) {
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.checkInterval) { [weak self] in
            self?.check(current)
        }
    }

    private func check(_ current: Int) {
        guard run.load(ordering: .acquiring) == current else { return }
        guard remote.isHungUp else { return scheduleCheck(of: current) }
        // Only the run that is still current reports it, once.
        guard run.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing).exchanged else { return }
        let camera = camera
        let handler = failureHandler.withLock { $0 }
        Task {
            await camera.stop()
            handler?(.disconnected(camera: camera.cameraDescription.name))
        }
    }
}

extension PortalCamera: RecordingCamera {
    public func startRecording(into folder: String, sound: RecordingSound,
                               interrupted: @escaping @Sendable (String) -> Void) throws -> any CameraRecording {
        try camera.startRecording(into: folder, sound: sound, interrupted: interrupted)
    }
}
