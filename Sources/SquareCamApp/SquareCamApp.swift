import CGtk
import Foundation
import SquareCamCore

/// The GTK app's entry point, called by `squarecam` with no command.
public enum SquareCamApp {
    /// The reverse-DNS application id (desktop file, icon, AppStream).
    public static let applicationID = "io.github.squarecam.SquareCam"

    /// Runs the app until its window closes; returns the process exit code.
    /// `cameraSpec` is `--camera`'s value (nil: the first camera found).
    ///
    /// Call it on the main thread. Test hooks, read from the environment:
    /// `SQUARECAM_SCRIPTED_CAMERA` (see `ScriptedCamera`), `SQUARECAM_STATS=1`
    /// (counters on stderr at exit), `SQUARECAM_QUIT_AFTER=S` (close after S
    /// seconds), `SQUARECAM_LOCALEDIR` (translations), `SQUARECAM_SELF_TEST=main-queue`.
    @MainActor
    public static func run(cameraSpec: String?) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        if environment["SQUARECAM_SELF_TEST"] == "main-queue" {
            return MainQueueSelfTest.run()
        }
        Localization.install()
        MainQueueBridge.install()
        let application = adw_application_new(applicationID, G_APPLICATION_NON_UNIQUE)!
        QuitSignals.install(application: application)
        let holder = WindowHolder()
        Signal.connect(application, "activate") {
            if holder.window == nil {
                RendererChoice.apply()
                Trace.line("renderer \(RendererChoice.summary)")
                holder.window = MainWindow(application: application, cameraSpec: cameraSpec)
                holder.window?.present()
                if let seconds = environment["SQUARECAM_QUIT_AFTER"].flatMap(Double.init) {
                    Task { @MainActor in
                        try? await Task.sleep(for: .seconds(seconds))
                        if let window = holder.window?.window { gtk_window_close(gcast(window)) }
                    }
                }
            } else {
                gtk_window_present(gcast(holder.window!.window))
            }
        }
        let status = g_application_run(squarecam_application(application), 0, nil)
        if environment["SQUARECAM_STATS"] == "1", let window = holder.window {
            let counts = window.live.viewfinder.deliveryCounts
            Log.line(window.statistics.report(received: counts.received, replaced: counts.replaced))
            Log.line("squarecam-renderer: \(RendererChoice.summary)")
            Log.line("squarecam-viewfinder: side \(window.live.viewfinder.shownSide)")
        }
        holder.window = nil
        g_object_unref(UnsafeMutableRawPointer(application))
        return status
    }
}

/// Keeps the window's controller alive for the application's lifetime.
@MainActor
private final class WindowHolder {
    var window: MainWindow?
}
