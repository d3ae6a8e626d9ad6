import CGtk
import Foundation
import SquareCamController
import SquareCamCore

/// The GTK app's entry point, called by `squarecam` with no command.
public enum SquareCamApp {
    /// The reverse-DNS application id (desktop file, icon, AppStream).
    public static let applicationID = "io.github.squarecam.SquareCam"

    /// Whether a window can be shown: GTK reaches an X11 or Wayland display.
    /// Asked before the application starts, where GTK would only warn
    /// "cannot open display" and give up.
    @MainActor
    public static func canOpenDisplay() -> Bool {
        // GTK reads GDK_DEBUG and GTK_THEME here, as it starts and opens the display.
        RendererChoice.beforeGTKStarts()
        StartingTheme.beforeGTKStarts()
        defer {
            RendererChoice.afterGTKStarted()
            StartingTheme.afterGTKStarted()
        }
        guard gtk_init_check() != 0 else { return false }
        // GTK makes its settings, and loads their theme, on first use: now, while the starting theme is named.
        _ = gtk_settings_get_default()
        return true
    }

    /// Runs the app until its window closes; returns the process exit code.
    /// `sources` says where cameras come from (the portal, V4L2, the test
    /// pattern…); call it on the main thread.
    ///
    /// `SQUARECAM_TRACE=1` writes the debug log on stderr (see the README):
    /// every flow event, the pages and pictures as they reach the screen, and
    /// the live view's statistics at exit.
    @MainActor
    public static func run(sources: CaptureController.Sources) -> Int32 {
        FrameMemory.reuseFrameSizedBlocks()
        Localization.install()
        MainQueueBridge.install()
        let application = adw_application_new(applicationID, G_APPLICATION_NON_UNIQUE)!
        let holder = WindowHolder()
        QuitSignals.install {
            if let window = holder.window {
                window.sessionEnding()
            } else {
                g_application_quit(squarecam_application(application))
            }
        }
        Signal.connect(application, "activate") {
            if let window = holder.window {
                gtk_window_present(gcast(window.window))
                return
            }
            RendererChoice.apply()
            InstallLocation.addIconFolder()
            Trace.line("renderer \(RendererChoice.summary)")
            Trace.line("theme at start \(StartingTheme.summary)")
            Trace.line("cameras from \(sources.cameras.kind)")
            holder.window = MainWindow(application: application, sources: sources)
            holder.window?.present()
        }
        let status = g_application_run(squarecam_application(application), 0, nil)
        if Trace.enabled, let window = holder.window {
            let counts = window.live.viewfinder.deliveryCounts
            Log.line(window.statistics.report(received: counts.received, replaced: counts.replaced))
            Log.line("squarecam-renderer: \(RendererChoice.summary)")
            Log.line("squarecam-viewfinder: side \(window.live.viewfinder.shownSide)")
            let looks = window.controller.codeLookCounts
            Log.line("squarecam-codes: \(looks.made) looks made, \(looks.skipped) skipped (the scene had not changed)")
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
