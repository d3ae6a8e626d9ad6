import Foundation

/// The theme GTK starts with.
///
/// When GTK makes its settings it parses the theme they name: by default
/// its own, a whole stylesheet. libadwaita then swaps that for GTK's empty
/// theme under its own stylesheet, so the first parse is thrown away: about
/// 8 ms of every launch here (launch → first frame with the test camera,
/// medians of 30 alternated launches, 154 → 145 ms). Naming the empty theme
/// (`GTK_THEME`, which GTK reads whenever it loads a theme) while GTK starts
/// and makes its settings skips that parse. The variable must be gone again
/// before libadwaita starts: libadwaita leaves a `GTK_THEME` theme alone and
/// then loads no stylesheet of its own (an unstyled window). Gone, it also
/// leaves the programs the app opens with the user's environment.
///
/// A `GTK_THEME` the user set is left alone.
@MainActor
enum StartingTheme {
    /// GTK's empty theme, the one libadwaita puts under its stylesheet.
    static let name = "Adwaita-empty"
    /// What GTK started with and why, for the log.
    private(set) static var summary = "GTK's default"
    private static var setForStart = false

    /// Call just before GTK starts (`gtk_init`).
    static func beforeGTKStarts() {
        if let own = ProcessInfo.processInfo.environment["GTK_THEME"] {
            summary = "\(own) (GTK_THEME)"
            return
        }
        setenv("GTK_THEME", name, 1)
        setForStart = true
        summary = "\(name) (libadwaita's, named while GTK starts)"
    }

    /// Call once GTK has started.
    static func afterGTKStarted() {
        guard setForStart else { return }
        unsetenv("GTK_THEME")
        setForStart = false
    }
}
