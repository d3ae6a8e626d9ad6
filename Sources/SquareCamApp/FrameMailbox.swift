import CGtk
import SquareCamCore
import Synchronization

/// Carries viewfinder pictures from the camera's streaming thread to the main
/// thread, one at a time: a new one replaces one not yet shown (counted as
/// dropped), so the display never queues up behind the camera.
final class FrameMailbox: Sendable {
    private struct Slot {
        var frame: DisplayImage?
        var received = 0
        var replaced = 0
    }

    private let slot = Mutex(Slot())
    /// Receives each frame; set and called on the main thread only.
    nonisolated(unsafe) var consumer: (@MainActor (DisplayImage) -> Void)?

    /// Frames posted so far, and how many were replaced before they were shown.
    var counts: (received: Int, replaced: Int) {
        slot.withLock { ($0.received, $0.replaced) }
    }

    /// Called on the streaming thread; returns at once.
    func post(_ frame: DisplayImage) {
        let wasEmpty = slot.withLock { slot -> Bool in
            let wasEmpty = slot.frame == nil
            if !wasEmpty { slot.replaced += 1 }
            slot.frame = frame
            slot.received += 1
            return wasEmpty
        }
        // Only the first frame into an empty slot schedules a delivery; later
        // ones ride along with it.
        guard wasEmpty else { return }
        let context = Unmanaged.passRetained(self).toOpaque()
        // Below GTK's redraw priority: a busy camera never starves painting.
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let mailbox = Unmanaged<FrameMailbox>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { mailbox.deliver() }
            return 0  // G_SOURCE_REMOVE
        }, context, nil)
    }

    /// Hands the waiting frame, if any, to the consumer now rather than at
    /// the next idle moment (a frame posted from the main thread itself).
    @MainActor func deliver() {
        guard let frame = slot.withLock({ slot -> DisplayImage? in
            defer { slot.frame = nil }
            return slot.frame
        }) else { return }
        consumer?(frame)
    }
}
