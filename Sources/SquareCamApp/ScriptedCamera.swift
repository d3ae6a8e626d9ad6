import Foundation
import SquareCamCore
import Synchronization

/// A camera that plays a script, for tests and demos: it reports the states
/// a real camera reports (permission denied, busy, unplugged …) through the
/// same `Camera` protocol, and streams the real test pattern when live.
///
/// Chosen with `SQUARECAM_SCRIPTED_CAMERA=<script>`; see `Script`.
final class ScriptedCamera: Camera {
    /// What the camera does.
    enum Script: Sendable, Equatable {
        /// `front`: just streams, as the camera facing the user that every script is.
        case front
        /// `permission-denied`: start() always fails: the user refused the camera.
        case permissionDenied
        /// `permission-restricted`: start() always fails: a policy forbids the camera.
        case permissionRestricted
        /// `no-camera`: start() fails: there is no camera.
        case noCamera
        /// `not-determined`: permission was never asked; once granted the camera streams.
        case notDetermined
        /// `busy` (always) or `busy-once` (the first start only): another program has the camera.
        case busy(times: Int)
        /// `disconnect-after:S`: streams, is unplugged after S seconds, and comes back S seconds later.
        case disconnect(afterSeconds: Double)

        init?(_ text: String) {
            switch text {
            case "front": self = .front
            case "permission-denied": self = .permissionDenied
            case "permission-restricted": self = .permissionRestricted
            case "no-camera": self = .noCamera
            case "not-determined": self = .notDetermined
            case "busy": self = .busy(times: .max)
            case "busy-once": self = .busy(times: 1)
            default:
                guard text.hasPrefix("disconnect-after:"), let seconds = Double(text.dropFirst("disconnect-after:".count)), seconds > 0
                else { return nil }
                self = .disconnect(afterSeconds: seconds)
            }
        }
    }

    let script: Script
    private let inner: any Camera
    private let state = Mutex(State())
    private struct State {
        var failureHandler: (@Sendable (CameraFailure) -> Void)?
    }
    /// When the scripted camera was unplugged: shared by every instance, as
    /// the device is, so a camera reopened while "unplugged" stays away.
    private static let unplugged = Mutex<Date?>(nil)
    private static let hasUnplugged = Mutex(false)
    /// Starts tried so far, by any instance: the app reopens the camera on each retry.
    private static let starts = Mutex(0)

    var cameraDescription: CameraDescription {
        CameraDescription(id: "scripted", name: "Scripted camera", facing: .front, modes: inner.cameraDescription.modes)
    }

    init(script: Script, streaming inner: any Camera) {
        self.script = script
        self.inner = inner
    }

    /// The camera's permission as the platform would report it before the first start.
    var authorization: CameraAuthorization {
        script == .notDetermined ? .notDetermined : .authorized
    }

    /// False while the scripted camera is unplugged (the device monitor would not list it).
    var isAvailable: Bool {
        guard case .disconnect(let seconds) = script else { return true }
        return Self.unplugged.withLock { unplugged in
            guard let unplugged else { return true }
            return Date().timeIntervalSince(unplugged) >= seconds
        }
    }

    func start() async throws {
        let name = cameraDescription.name
        let attempt = Self.starts.withLock { starts -> Int in
            starts += 1
            return starts
        }
        switch script {
        case .permissionDenied: throw CameraFailure.permissionDenied(camera: name)
        case .permissionRestricted: throw CameraFailure.permissionRestricted(camera: name)
        case .noCamera: throw CameraFailure.noCamera
        case .busy(let times) where attempt <= times: throw CameraFailure.busy(camera: name)
        case .disconnect where !isAvailable: throw CameraFailure.disconnected(camera: name)
        default: break
        }
        try await inner.start()
        // Unplugged once per process: after coming back it stays.
        if case .disconnect(let seconds) = script, !Self.hasUnplugged.withLock({ $0 }) {
            scheduleUnplug(after: seconds)
        }
    }

    private func scheduleUnplug(after seconds: Double) {
        Task.detached { [weak self] in
            try? await Task.sleep(for: .seconds(seconds))
            guard let self else { return }
            let firstTime = Self.hasUnplugged.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            guard firstTime else { return }
            Self.unplugged.withLock { $0 = Date() }
            let handler = state.withLock { $0.failureHandler }
            await inner.stop()
            handler?(.disconnected(camera: cameraDescription.name))
        }
    }

    func stop() async { await inner.stop() }
    func capturePhoto() async throws -> Frame { try await inner.capturePhoto() }
    func setViewfinder(side: Int, handler: (@Sendable (Frame) -> Void)?) { inner.setViewfinder(side: side, handler: handler) }
    func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        state.withLock { $0.failureHandler = handler }
        inner.setFailureHandler(handler)
    }
}
