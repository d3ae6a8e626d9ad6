import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP close the app as its window's close button does
/// (the camera stops, a save under way finishes), instead of killing it
/// mid-frame or being ignored.
enum QuitSignals {
    /// Call on the main thread before any other thread starts: they inherit its mask.
    @MainActor
    static func install(application: UnsafeMutablePointer<AdwApplication>) {
        // The signal mask survives exec: a launcher that blocks these (as
        // Foundation's Process does from a worker thread) would otherwise leave
        // the app deaf to `kill` and to session logout.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            g_unix_signal_add(signal, { data in
                let application = UnsafeMutableRawPointer(data)
                if let window = gtk_application_get_active_window(squarecam_gtk_application(application)) {
                    gtk_window_close(window)
                } else {
                    g_application_quit(squarecam_application(application))
                }
                return 1  // G_SOURCE_CONTINUE: a second signal closes again
            }, UnsafeMutableRawPointer(application))
        }
    }
}
