import CGtk
import Foundation

/// `SQUARECAM_TRACE=1`: one line on stderr per event, state change and
/// on-screen fact the GUI tests wait for (pages, where the square is drawn).
@MainActor
enum Trace {
    static let enabled = ProcessInfo.processInfo.environment["SQUARECAM_TRACE"] == "1"

    static func line(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        Log.line("squarecam-trace: " + text())
    }

    /// Where `widget` draws a square paintable (content fit: contain or cover),
    /// in window-surface pixels: `x y side`.
    static func square(of widget: Widget) -> String {
        guard let native = gtk_widget_get_native(widget) else { return "? ? ?" }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, gcast(native, to: GtkWidget.self), &bounds) != 0 else { return "? ? ?" }
        var offsetX = 0.0, offsetY = 0.0
        gtk_native_get_surface_transform(native, &offsetX, &offsetY)
        let width = Double(bounds.size.width), height = Double(bounds.size.height)
        let side = min(width, height)
        let x = offsetX + Double(bounds.origin.x) + (width - side) / 2
        let y = offsetY + Double(bounds.origin.y) + (height - side) / 2
        return String(format: "%.0f %.0f %.0f", x, y, side)
    }
}
