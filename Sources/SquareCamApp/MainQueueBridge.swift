import CGtk
import Glibc

/// Serves libdispatch's main queue from the GLib main loop, so that
/// `@MainActor` tasks and `DispatchQueue.main` work run while GTK owns the
/// main thread (it never returns to `dispatch_main`).
public enum MainQueueBridge {
    /// The GLib source id; the bridge is installed once per process.
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Watches the main queue's wake-up descriptor from the default GLib
    /// context. Call on the main thread before the GLib loop runs.
    public static func install() {
        guard sourceID == 0 else { return }
        let handle = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(handle, G_IO_IN, { descriptor, _, _ in
            // The descriptor is an eventfd: reading resets its counter, so the
            // source does not fire again until new work is enqueued.
            var counter: UInt64 = 0
            _ = read(descriptor, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }, nil)
    }
}
