import Foundation
import SquareCamCapture
import SquareCamCore
import Synchronization

/// What the scripted provider does (`--script NAME`).
enum Script: Sendable, Equatable {
    /// `front`: the test pattern as a camera facing the user.
    case front
    /// `permission-denied` / `permission-restricted`: the platform's stored answer.
    case permissionDenied, permissionRestricted
    /// `not-determined`: never asked; the platform's dialog would say yes.
    case notDetermined
    /// `no-camera`: allowed, and nothing plugged in.
    case noCamera
    /// `busy` (always) or `busy-once` (the first start only): another program has the camera.
    case busy(times: Int)
    /// `disconnect-after:S`: streams, is unplugged after S seconds, and comes back S seconds later.
    case disconnect(afterSeconds: Double)
    /// `walk`: every status page in turn, one per Try Again (the layout walk):
    /// never asked (explanation) → denied → restricted → no camera → busy →
    /// failed → PipeWire out of reach → live, unplugged a quarter of a second
    /// later (disconnected), for good.
    case walk

    init?(_ text: String) {
        switch text {
        case "front": self = .front
        case "permission-denied": self = .permissionDenied
        case "permission-restricted": self = .permissionRestricted
        case "not-determined": self = .notDetermined
        case "no-camera": self = .noCamera
        case "busy": self = .busy(times: .max)
        case "busy-once": self = .busy(times: 1)
        case "walk": self = .walk
        default:
            guard text.hasPrefix("disconnect-after:"), let seconds = Double(text.dropFirst("disconnect-after:".count)), seconds > 0
            else { return nil }
            self = .disconnect(afterSeconds: seconds)
        }
    }
}

/// A provider that plays a script through the real controller and app; the
/// camera it opens streams the real test pattern.
final class ScriptedProvider: CameraProvider {
    let kind = "scripted"
    let script: Script
    private let streaming = VirtualCameraProvider.testPattern()
    private struct State {
        var authorization: CameraAuthorization
        var plugged = true
        var starts = 0
        /// `walk`: how many times the permission was checked.
        var checks = 0
        var watcher: (@Sendable ([CameraDescription]) -> Void)?
    }
    private let state: Mutex<State>

    static let camera = CameraDescription(
        id: "scripted", name: "Scripted camera", facing: .front,
        modes: [CameraMode(size: CameraSpec.defaultTestSize, framesPerSecond: 30, format: "I420")])

    init(script: Script) {
        self.script = script
        let authorization: CameraAuthorization = switch script {
        case .permissionDenied: .denied
        case .permissionRestricted: .restricted
        case .notDetermined, .walk: .notDetermined
        default: .authorized
        }
        state = Mutex(State(authorization: authorization))
    }

    func hasCameras() async -> Bool? { script != .noCamera }
    func authorizationStatus() async -> CameraAuthorization {
        state.withLock { state in
            state.checks += 1
            if script == .walk {
                // The explanation's answer is no; Try Again finds it restricted, then allowed.
                state.authorization = switch state.checks {
                case 1: .notDetermined
                case 2: .restricted
                default: .authorized
                }
            }
            return state.authorization
        }
    }

    func requestAccess() async -> CameraAuthorization {
        state.withLock { state in
            if state.authorization == .notDetermined { state.authorization = script == .walk ? .denied : .authorized }
            return state.authorization
        }
    }

    func cameras() async throws -> [CameraDescription] {
        state.withLock { state in
            // The walk's first allowed check finds no camera.
            let none = script == .noCamera || (script == .walk && state.checks == 3) || !state.plugged
            return none ? [] : [Self.camera]
        }
    }

    func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        state.withLock { $0.watcher = handler }
        return ScriptedWatch { [weak self] in self?.state.withLock { $0.watcher = nil } }
    }

    func openCamera(_ camera: CameraDescription) throws -> any Camera {
        ScriptedCamera(provider: self, streaming: try streaming.openCamera(TestCamera.description))
    }

    /// Counts a start; throws what the script says this start meets.
    fileprivate func starting() throws {
        let attempt = state.withLock { state -> Int in
            state.starts += 1
            return state.starts
        }
        if case .busy(let times) = script, attempt <= times { throw CameraFailure.busy(camera: Self.camera.name) }
        if script == .walk, attempt == 1 { throw CameraFailure.busy(camera: Self.camera.name) }
        if script == .walk, attempt == 2 { throw CameraFailure.failed(camera: Self.camera.name, detail: "Internal data stream error.") }
        if script == .walk, attempt == 3 { throw CameraFailure.pipeWireUnreachable(reason: "Couldn't connect to PipeWire") }
    }

    /// The first start of `disconnect-after` unplugs the camera later, and plugs it back in after as long again.
    fileprivate func started(_ camera: ScriptedCamera) {
        if script == .walk {
            Task.detached {
                // Long enough for the live page to show first; the walk's nine sizes wait for it.
                try? await Task.sleep(for: .milliseconds(250))
                let watcher = self.state.withLock { state in
                    state.plugged = false
                    return state.watcher
                }
                await camera.unplug()
                watcher?([])
            }
            return
        }
        guard case .disconnect(let seconds) = script, state.withLock({ $0.starts }) == 1 else { return }
        Task.detached {
            try? await Task.sleep(for: .seconds(seconds))
            let watcher = self.state.withLock { state in
                state.plugged = false
                return state.watcher
            }
            await camera.unplug()
            watcher?([])
            try? await Task.sleep(for: .seconds(seconds))
            self.state.withLock { $0.plugged = true }
            self.state.withLock { $0.watcher }?([Self.camera])
        }
    }
}

private final class ScriptedWatch: CameraWatch {
    private let onCancel: @Sendable () -> Void
    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    func cancel() { onCancel() }
}

/// The test pattern under the scripted camera's name, failing as scripted.
final class ScriptedCamera: Camera {
    private let provider: ScriptedProvider
    private let inner: any Camera
    private let failureHandler = Mutex<(@Sendable (CameraFailure) -> Void)?>(nil)

    init(provider: ScriptedProvider, streaming inner: any Camera) {
        self.provider = provider
        self.inner = inner
    }

    var cameraDescription: CameraDescription { ScriptedProvider.camera }

    func start() async throws {
        try provider.starting()
        try await inner.start()
        provider.started(self)
    }

    func unplug() async {
        await inner.stop()
        failureHandler.withLock { $0 }?(.disconnected(camera: cameraDescription.name))
    }

    func stop() async { await inner.stop() }
    func capturePhoto() async throws -> Frame { try await inner.capturePhoto() }
    func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?) {
        inner.setViewfinder(side: side, mirrored: mirrored, handler: handler)
    }
    func setFraming(_ framing: LiveFraming?) { inner.setFraming(framing) }
    func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (Frame, PixelSize) -> Void)?) {
        inner.setFrameAnalysis(named: name, framesPerSecond: framesPerSecond, analyse)
    }
    func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        failureHandler.withLock { $0 = handler }
        inner.setFailureHandler(handler)
    }
}
