import Foundation
import Synchronization
import SquareCamCore

/// Follows the cameras on the camera portal's PipeWire connection, on a
/// thread of its own (no GLib main loop needed): nodes added and removed,
/// and PipeWire going away (the remote's socket hangs up) and coming back
/// (a new remote is asked for until the portal can open one).
final class PortalCameraWatch: CameraWatch {
    private let worker: Worker
    /// How long to wait before asking the portal again for a remote.
    static let retrySeconds = 0.5
    /// How often a connected watch checks for a hang-up and cancellation.
    static let pollSeconds = 0.1

    init(portal: CameraPortal, handler: @escaping @Sendable ([CameraDescription]) -> Void) {
        // The thread holds the worker, not this object: dropping the watch cancels it.
        let worker = Worker(portal: portal, handler: handler)
        self.worker = worker
        let thread = Thread {
            worker.run()
        }
        thread.name = "squarecam.portal-cameras"
        thread.start()
    }

    deinit {
        cancel()
    }

    func cancel() {
        worker.stop()
    }

    private final class Worker: Sendable {
        let portal: CameraPortal
        let handler: @Sendable ([CameraDescription]) -> Void
        private let running = Atomic<Bool>(true)
        /// Signalled by `stop()` to cut a wait short.
        private let wake = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        /// The thread's pthread id, to tell a `stop()` from inside a handler call.
        private let threadId = Atomic<UInt>(0)

        init(portal: CameraPortal, handler: @escaping @Sendable ([CameraDescription]) -> Void) {
            self.portal = portal
            self.handler = handler
        }

        func stop() {
            guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
            wake.signal()
            // From inside a handler call waiting would never end; the loop
            // sees `running` and stops after that call.
            if threadId.load(ordering: .acquiring) != UInt(pthread_self()) { finished.wait() }
        }

        private var isRunning: Bool { running.load(ordering: .acquiring) }

        func run() {
            threadId.store(UInt(pthread_self()), ordering: .releasing)
            defer { finished.signal() }
            var last: [CameraDescription]?
            func report(_ cameras: [CameraDescription]) {
                guard isRunning, cameras != last else { return }
                last = cameras
                handler(cameras)
            }
            while isRunning {
                guard let remote = try? portal.openPipeWireRemote(),
                      let list = PipeWireDeviceList(remote: remote), list.start()
                else {
                    // PipeWire is down, or the portal refuses: nothing to show until that changes.
                    report([])
                    _ = wake.wait(timeout: .now() + PortalCameraWatch.retrySeconds)
                    continue
                }
                report(PortalCameraProvider.cameras(from: list.currentDevices()))
                while isRunning && !remote.isHungUp {
                    if list.waitForChange(timeout: PortalCameraWatch.pollSeconds) {
                        report(PortalCameraProvider.cameras(from: list.currentDevices()))
                    }
                }
                report([])
            }
        }
    }
}
