import CGtk
import SquareCamCore

/// A phone on its side (720×360): the header bar would take a sixth of the
/// height from the picture. There the window is compact: no header bar, and
/// its menu and window buttons in the top corner above the controls column,
/// which leaves them that room. Toasts go over the live picture, never over
/// its controls, in either arrangement.
extension MainWindow {
    /// Below this window height, with the window wider than tall, the header goes.
    static let compactBelowHeight = 480.0

    /// Watches the pages' size (an overlay child that only measures) to decide.
    func installCompactLayout(pages: Widget) {
        let sensor = Make.sizeSensor()
        gtk_overlay_add_overlay(gcast(pages), sensor)
        gtk_overlay_add_overlay(gcast(pages), corner)
        gtk_widget_set_halign(corner, GTK_ALIGN_END)
        gtk_widget_set_valign(corner, GTK_ALIGN_START)
        WidgetStyle.margins(corner, 6)
        WidgetStyle.setVisible(corner, false)
        Signal.connectSize(sensor, "resize") { [weak self] width, height in
            self?.pagesResized(Size2D(width: Double(width), height: Double(height)))
        }
    }

    private func pagesResized(_ size: Size2D) {
        // The window's height, with the header or without: the same answer either way.
        let headerHeight = compact || isFullscreen ? 0 : Double(gtk_widget_get_height(header))
        let windowHeight = size.height + headerHeight
        let wanted = !isFullscreen && windowHeight < Self.compactBelowHeight && size.width > windowHeight
        guard wanted != compact else { return }
        // On the next turn of the loop: the header shown in the middle of the window's
        // allocation was drawn without one (GTK: "Trying to snapshot AdwHeaderBar without a current allocation").
        Task { @MainActor [weak self] in self?.setCompact(wanted) }
    }

    func setCompact(_ wanted: Bool) {
        guard wanted != compact else { return }
        compact = wanted
        // One menu button, moved: it keeps its menu, F10 and its accessible name.
        g_object_ref(UnsafeMutableRawPointer(menuButton))
        if wanted {
            adw_header_bar_remove(gcast(header), menuButton)
            gtk_box_prepend(gcast(corner), menuButton)
        } else {
            gtk_box_remove(gcast(corner), menuButton)
            adw_header_bar_pack_end(gcast(header), menuButton)
        }
        g_object_unref(UnsafeMutableRawPointer(menuButton))
        WidgetStyle.setVisible(header, !wanted && !isFullscreen)
        WidgetStyle.setVisible(corner, wanted)
        // The column beside the picture starts below the corner.
        for area in [live.area, review.area, editor.area] { area.besideTopInset = wanted ? Self.cornerHeight : 0 }
        Trace.line("compact \(wanted) header \(wanted ? "hidden" : "shown")")
    }

    /// The corner's height with its margins: 44 px buttons.
    static let cornerHeight = 56.0

    /// Toasts sit over the live picture (they tell what happened there):
    /// above a row of controls under it, or beside a column of them, at the bottom.
    func placeToasts(in size: Size2D) {
        guard let layout = live.area.layout else { return }
        let bottom: Int, end: Int
        switch layout.arrangement {
        case .stacked:
            bottom = Int(max(0, size.height - layout.controls.y)) + 12
            end = 0
        case .sideBySide:
            bottom = 12
            end = Int(layout.controls.width)
        }
        guard bottom != toastPlace.bottom || end != toastPlace.end else { return }
        toastPlace = (bottom, end)
        toastStyle.replace(with: "toastoverlay > toast { margin-bottom: \(bottom)px; margin-right: \(end)px; }")
    }
}
