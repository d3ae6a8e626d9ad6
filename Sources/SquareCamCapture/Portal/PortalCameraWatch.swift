#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FoundationEssentials
import Synchronization
import SquareCamCore

/// Follows the cameras on the camera portal's PipeWire connection, on a
/// thread of its own (no GLib main loop needed): a registry client of our own
/// (`PipeWireNodeWatch`) says when a camera node comes or goes and when
/// PipeWire goes away; each time the cameras are listed again, as the
/// provider lists them. When PipeWire is gone a new remote is asked for until
/// the portal can open one.
final class PortalCameraWatch: CameraWatch {
    private let worker: Worker
    /// How long to wait before asking the portal again for a remote.
    static let retrySeconds = 0.5
    /// How often a connected watch checks for a hang-up and cancellation.
    static let pollSeconds = 0.1
    /// How soon a list that disagrees with the node count is taken again,
    /// and for how long.
    static let relistSeconds = 0.25
    static let giveUpSeconds = 5.0

    /// `known`: a list the provider has just made, taken as the first
    /// connection's first list when that sees as many camera nodes (not
    /// listed again while the camera starts).
    init(provider: PortalCameraProvider, knowing known: [CameraDescription]?,
         handler: @escaping @Sendable ([CameraDescription]) -> Void) {
        // The thread holds the worker, not this object: dropping the watch cancels it.
        let worker = Worker(provider: provider, known: known, handler: handler)
        self.worker = worker
        DedicatedThread.start(name: "portal-cameras") {
            worker.run()
        }
    }

    deinit {
        cancel()
    }

    func cancel() {
        worker.stop()
    }

    private final class Worker: Sendable {
        let provider: PortalCameraProvider
        let known: [CameraDescription]?
        let handler: @Sendable ([CameraDescription]) -> Void
        private let running = Atomic<Bool>(true)
        /// Signalled by `stop()` and by every camera node change, to cut a wait short.
        private let wake = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        /// The thread's pthread id, to tell a `stop()` from inside a handler call.
        private let threadId = Atomic<UInt>(0)

        init(provider: PortalCameraProvider, known: [CameraDescription]?,
             handler: @escaping @Sendable ([CameraDescription]) -> Void) {
            self.provider = provider
            self.known = known
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

        /// Bumped on PipeWire's thread by every node change the watch sees.
        private let changes = Atomic<Int>(0)

        private func nodesChanged() {
            changes.add(1, ordering: .releasing)
            wake.signal()
        }

        func run() {
            threadId.store(UInt(pthread_self()), ordering: .releasing)
            defer { finished.signal() }
            var last: [CameraDescription]?
            func report(_ cameras: [CameraDescription]) {
                guard isRunning, cameras != last else { return }
                last = cameras
                handler(cameras)
            }
            guard PipeWireNodeWatch.isAvailable else {
                // Without libpipewire nothing can be followed (and no
                // pipewiresrc can stream either): the list once, then quiet.
                if let cameras = try? provider.listOnce() { report(cameras) }
                return
            }
            var known = self.known
            while isRunning {
                guard let remote = try? provider.portal.openPipeWireRemote(),
                      let nodes = try? PipeWireNodeWatch(remote: remote, onChange: { [weak self] in self?.nodesChanged() })
                else {
                    // PipeWire is down, or the portal refuses: nothing to show until that changes.
                    report([])
                    _ = wake.wait(timeout: .now() + PortalCameraWatch.retrySeconds)
                    continue
                }
                follow(nodes, on: remote, knowing: known, report: report)
                known = nil  // a later connection (PipeWire restarted) lists afresh
                report([])
            }
        }

        /// Lists the cameras whenever the node watch saw a change, until the
        /// connection ends. A list must agree with the watch's count before it
        /// is reported: a listing connects afresh, and WirePlumber grants a new
        /// connection its camera nodes a moment after it connects, so a list
        /// taken too soon misses some. One that disagrees is taken again, and
        /// reported anyway after `PortalCameraProvider.grantSeconds`, until
        /// `giveUpSeconds`; a listing that failed (its helper crashed) is
        /// taken again too.
        private func follow(_ nodes: PipeWireNodeWatch, on remote: PipeWireRemote, knowing known: [CameraDescription]?,
                            report: ([CameraDescription]) -> Void) {
            var known = known
            let grant = Duration.milliseconds(Int(PortalCameraProvider.grantSeconds * 1000))
            var listedChange = -1
            var disagreeingSince: ContinuousClock.Instant?
            var nextTry = ContinuousClock.now
            while isRunning && nodes.isConnected && !remote.isHungUp {
                let change = changes.load(ordering: .acquiring)
                let due = change != listedChange || (disagreeingSince != nil && ContinuousClock.now >= nextTry)
                if due && nodes.isSynced {
                    let count = nodes.count
                    listedChange = change
                    // The list the provider has just made stands for the
                    // first with camera nodes, when it has as many. No camera
                    // node (the one streamed was unplugged, or none granted
                    // yet): nothing to list, and a listing would wait for
                    // nodes to be granted that may not come.
                    let listed: [CameraDescription]?
                    if let known, known.count == count {
                        listed = known
                    } else {
                        listed = count == 0 ? [] : try? provider.listOnce()
                    }
                    if count > 0 { known = nil }
                    if let listed, listed.count == count {
                        disagreeingSince = nil
                        report(listed)
                    } else {
                        let since = disagreeingSince ?? .now
                        disagreeingSince = since
                        if let listed, ContinuousClock.now - since >= grant { report(listed) }
                        nextTry = .now + .milliseconds(Int(PortalCameraWatch.relistSeconds * 1000))
                        // A list that never agrees (two nodes of one camera
                        // shown as one) is not taken again until the next change.
                        if ContinuousClock.now - since >= .seconds(PortalCameraWatch.giveUpSeconds) { disagreeingSince = nil }
                    }
                }
                _ = wake.wait(timeout: .now() + PortalCameraWatch.pollSeconds)
            }
        }
    }
}
