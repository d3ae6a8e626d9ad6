import CGtk
import Foundation

/// Where the app's own files (translations, icon) are: `share/` beside the
/// programs' prefix. Installed, `…/libexec/squarecam/squarecam-app` →
/// `…/share`; in a build folder, `.build/<triple>/debug/squarecam-app` →
/// `.build/share`, which `make` fills. So an uninstalled run needs no setting.
@MainActor
enum InstallLocation {
    static let shareFolder: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share").path
    }()

    /// Lets GTK find the app's icon when it is not in the system's icon folders (an uninstalled run).
    static func addIconFolder() {
        let icons = shareFolder + "/icons"
        guard FileManager.default.fileExists(atPath: icons), let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
    }
}
