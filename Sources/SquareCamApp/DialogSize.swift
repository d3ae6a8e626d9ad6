import CGtk

/// The app's own windows (preferences, shortcuts, about) no larger than the
/// main window: on a phone that is the screen, upright (360 px wide) or on
/// its side (360 px tall). Their pages scroll, and the header bar with the
/// close button stays on screen.
@MainActor
enum DialogSize {
    /// Gives `dialog` a default size of `width`×`height`, or the parent's where that is smaller.
    static func fit(_ dialog: Widget, within parent: Widget, width: Int32, height: Int32) {
        // libadwaita 1.2 asks 360 px for the pages of its preferences and about windows (their
        // leaflet's width request), and the window's frame comes on top: wider than a 360 px
        // phone. Their content needs less, so they take the parent's width instead.
        if let pages = Trace.descendant(of: dialog, cssName: "leaflet") { gtk_widget_set_size_request(pages, -1, -1) }
        let parentWidth = gtk_widget_get_width(parent), parentHeight = gtk_widget_get_height(parent)
        gtk_window_set_default_size(gcast(dialog), parentWidth > 0 ? min(width, parentWidth) : width,
                                    parentHeight > 0 ? min(height, parentHeight) : height)
    }
}
