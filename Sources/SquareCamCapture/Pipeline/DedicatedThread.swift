import CGStreamer

/// A thread of its own for a loop that blocks (in poll, in a GLib main loop),
/// which would starve Dispatch's shared threads. GLib's threads (GLib is
/// loaded with GStreamer anyway), because Foundation's Thread would make
/// squarecam-gst load all of Foundation.
enum DedicatedThread {
    /// Runs `body` on a new thread named `name` (as ps and debuggers show
    /// it, cut to 15 bytes), which nobody joins.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        // g_thread_new aborts the program when no thread can be made, as
        // Foundation's Thread did; the reference is dropped at once (detached).
        let thread = g_thread_new(name, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        g_thread_unref(thread)
    }
}
