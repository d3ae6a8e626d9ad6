import CGStreamer
@testable import SquareCamCapture
import Synchronization

/// Counts the pipelines a test saw a camera run and how many of them GObject
/// has since freed: equal when none leaked. The camera knows nothing of it;
/// `observe` looks at the camera's own state (`@testable`).
final class PipelineLedger: Sendable {
    private let counts = Mutex((observed: 0, freed: 0))

    /// Follows the pipeline `camera` runs now, once; false when it runs none.
    @discardableResult
    func observe(_ camera: GStreamerCamera) -> Bool {
        // Held while the weak reference is added, so it cannot be freed meanwhile.
        guard let pipeline = camera.state.withLock({ $0.pipeline }) else { return false }
        counts.withLock { $0.observed += 1 }
        let box = Unmanaged.passRetained(self).toOpaque()
        let object = UnsafeMutableRawPointer(pipeline.element).assumingMemoryBound(to: GObject.self)
        g_object_weak_ref(object, { context, _ in
            // The notify runs once, so it also releases the ledger it retained.
            Unmanaged<PipelineLedger>.fromOpaque(context!).takeRetainedValue().counts.withLock { $0.freed += 1 }
        }, box)
        return true
    }

    var observedCount: Int { counts.withLock { $0.observed } }
    var freedCount: Int { counts.withLock { $0.freed } }
    var allFreed: Bool { counts.withLock { $0.observed == $0.freed } }
}
