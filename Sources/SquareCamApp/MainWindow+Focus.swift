import CGtk

/// Where the keyboard focus goes, and what Space and Enter do on the live page.
///
/// GNOME's rule is that Space (and Enter) activate the focused control, so a
/// focused Countdown, Grid, Mirror, Last Photo or Main Menu gets them. The
/// shutter keeps them while the shutter or the picture has the focus, or
/// nothing does; and when a menu or a dialog closes the focus goes back to the
/// shutter, so Space takes the photo, as it always has.
extension MainWindow {
    func installFocusRules() {
        // The shutter action follows the focus: enabled, it would take every Space.
        Signal.connectPointer(window, "notify::focus-widget") { [weak self] _ in self?.updateShortcuts() }
        if let popover = gtk_menu_button_get_popover(gcast(menuButton)) {
            let raw = UnsafeMutableRawPointer(popover)
            Signal.connectPointer(raw, "notify::visible") { [weak self] _ in
                guard gtk_widget_get_visible(raw.assumingMemoryBound(to: GtkWidget.self)) == 0 else { return }
                self?.returnFocusToShutter()
            }
        }
    }

    /// True when Space and Enter should take the photo rather than go to the focused widget.
    var shutterKeysAreFree: Bool {
        guard let focus = gtk_window_get_focus(gcast(window)) else { return true }
        return focus == live.shutterButton || focus == window
            || focus == live.viewfinder.widget || gtk_widget_is_ancestor(focus, live.viewfinder.widget) != 0
    }

    /// On the live page, the shutter takes the focus back (after a menu or dialog).
    func returnFocusToShutter() {
        guard shown.page == "live" else { return }
        gtk_widget_grab_focus(live.shutterButton)
    }

    /// Gives the focus back to the shutter when `dialog` (about, preferences, shortcuts) closes.
    func returnsFocusToShutter(whenClosed dialog: Widget) {
        Signal.connectReturning(dialog, "close-request") { [weak self] in
            self?.returnFocusToShutter()
            return false
        }
    }
}
