import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP (logout, `kill`) end the session: `handler`
/// saves the photo on screen without asking and closes the app, instead of it
/// being killed mid-frame or ignoring the signal.
enum QuitSignals {
    /// The C callback captures nothing: the handler waits here.
    @MainActor private static var handler: (@MainActor () -> Void)?

    /// Call on the main thread before any other thread starts: they inherit its mask.
    @MainActor
    static func install(_ handler: @escaping @MainActor () -> Void) {
        self.handler = handler
        // The signal mask survives exec: a launcher that blocks these (as
        // Foundation's Process does from a worker thread) would otherwise leave
        // the app deaf to `kill` and to session logout.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            // GLib calls it from the main loop, on the main thread.
            g_unix_signal_add(signal, { _ in
                MainActor.assumeIsolated { QuitSignals.handler?() }
                return 1  // G_SOURCE_CONTINUE: a second signal asks again
            }, nil)
        }
    }
}
