import Dispatch
import FoundationEssentials
import SquareCamCore
import Synchronization

/// Reports cameras plugged in and unplugged, without a GLib main loop: a
/// thread of its own waits on the device monitor's bus. Callbacks run on
/// that thread; the list is de-duplicated as `CameraDirectory` lists it.
public final class CameraHotplugWatcher: Sendable {
    private struct State {
        var running = false
        var finished: DispatchSemaphore?
    }

    private let onAdded: @Sendable (CameraDescription) -> Void
    private let onRemoved: @Sendable (CameraDescription) -> Void
    private let state = Mutex(State())
    private let monitor = DeviceMonitor()
    /// How often the thread checks whether it should stop.
    private static let pollSeconds = 0.2

    /// Watches until `stop()`; `onAdded` / `onRemoved` get each real camera change.
    public init(
        onAdded: @escaping @Sendable (CameraDescription) -> Void,
        onRemoved: @escaping @Sendable (CameraDescription) -> Void
    ) {
        self.onAdded = onAdded
        self.onRemoved = onRemoved
    }

    deinit {
        stop()
    }

    /// The cameras present when watching began; nil when it could not start.
    @discardableResult
    public func start() -> [CameraDescription]? {
        let alreadyRunning = state.withLock { $0.running }
        if alreadyRunning { return CameraCatalog.cameras(from: monitor.currentDevices()) }
        guard monitor.start() else { return nil }
        let initial = CameraCatalog.cameras(from: monitor.currentDevices())
        let finished = DispatchSemaphore(value: 0)
        state.withLock { $0 = State(running: true, finished: finished) }
        DedicatedThread.start(name: "camera-hotplug") { [self] in
            watch(from: initial)
            finished.signal()
        }
        return initial
    }

    /// Stops watching and waits for the thread to end. Safe to call twice.
    public func stop() {
        let finished = state.withLock { state -> DispatchSemaphore? in
            guard state.running else { return nil }
            state.running = false
            defer { state.finished = nil }
            return state.finished
        }
        guard let finished else { return }
        finished.wait()
        monitor.stop()
    }

    private func watch(from initial: [CameraDescription]) {
        var known = initial
        while state.withLock({ $0.running }) {
            guard monitor.nextChange(timeout: Self.pollSeconds) != nil else { continue }
            let now = CameraCatalog.cameras(from: monitor.currentDevices())
            let knownIds = Set(known.map(\.id)), nowIds = Set(now.map(\.id))
            for camera in known where !nowIds.contains(camera.id) { onRemoved(camera) }
            for camera in now where !knownIds.contains(camera.id) { onAdded(camera) }
            known = now
        }
    }
}
