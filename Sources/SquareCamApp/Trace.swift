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

    /// The size each window's surface had at its last layout. A surface
    /// takes its new size as soon as the display server resizes it, a frame
    /// before its widgets move: a trace in between paired the new size with
    /// the old positions (buttons "outside" a window just made smaller).
    private static var laidOutSizes: [UInt: (width: Int32, height: Int32)] = [:]

    /// Follows `window`'s layouts, for `laidOutSize(of:)`.
    static func followLayouts(of window: Widget) {
        guard enabled else { return }
        Signal.connect(window, "realize") {
            guard let surface = gtk_native_get_surface(gtk_widget_get_native(window)) else { return }
            let key = UInt(bitPattern: surface)
            // After GTK's own handler, connected at realize: the window's widgets are placed by now.
            Signal.connectSize(UnsafeMutableRawPointer(surface), "layout") { width, height in
                laidOutSizes[key] = (width, height)
            }
        }
    }

    /// The surface size `window`'s widgets were last placed in (its current
    /// size when its layouts are not followed).
    static func laidOutSize(of window: Widget) -> (width: Int32, height: Int32) {
        guard let surface = gtk_native_get_surface(gtk_widget_get_native(window)) else {
            return (gtk_widget_get_width(window), gtk_widget_get_height(window))
        }
        return laidOutSizes[UInt(bitPattern: surface)] ?? (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
    }

    /// Where `widget` is, in window-surface pixels: `x y width height`.
    static func bounds(of widget: Widget) -> String {
        guard let native = gtk_widget_get_native(widget) else { return "? ? ? ?" }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, gcast(native, to: GtkWidget.self), &bounds) != 0 else { return "? ? ? ?" }
        var offsetX = 0.0, offsetY = 0.0
        gtk_native_get_surface_transform(native, &offsetX, &offsetY)
        return String(format: "%.0f %.0f %.0f %.0f", offsetX + Double(bounds.origin.x), offsetY + Double(bounds.origin.y),
                      Double(bounds.size.width), Double(bounds.size.height))
    }

    /// The first descendant of `widget` (depth first) whose CSS node is named `name` (and has the class
    /// `cssClass`; and is on screen, with `mapped`: the about window has a header bar on each of its pages).
    static func descendant(of widget: Widget, cssName name: String, cssClass: String? = nil, mapped: Bool = false) -> Widget? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            if mapped && gtk_widget_get_mapped(current) == 0 { continue }
            if String(cString: gtk_widget_get_css_name(current)) == name,
               cssClass.map({ gtk_widget_has_css_class(current, $0) != 0 }) ?? true { return current }
            if let found = descendant(of: current, cssName: name, cssClass: cssClass, mapped: mapped) { return found }
        }
        return nil
    }

    /// Once `dialog` is drawn, for the layout tests: `window NAME in WxH close X Y W H titled TITLE`
    /// (the surface's size, where its close button is in it, the title its header bar shows).
    static func dialogShown(_ dialog: Widget, name: String) {
        guard enabled else { return }
        FrameClock.afterPaints(of: dialog) {
            let surface = gtk_native_get_surface(gtk_widget_get_native(dialog))
            let width = surface.map { gdk_surface_get_width($0) } ?? gtk_widget_get_width(dialog)
            let height = surface.map { gdk_surface_get_height($0) } ?? gtk_widget_get_height(dialog)
            let close = descendant(of: dialog, cssName: "button", cssClass: "close", mapped: true).map { bounds(of: $0) } ?? "none"
            let title = descendant(of: dialog, cssName: "headerbar", mapped: true).flatMap { label(in: $0) } ?? "none"
            line("window \(name) in \(width)x\(height) close \(close) titled \(title)")
        }
    }

    /// The direct children of `widget` whose CSS node is named `name`.
    static func children(of widget: Widget, cssName name: String) -> [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == name { found.append(current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The text of the first label under `widget` with the CSS class `name` (a header bar's "title").
    static func label(in widget: Widget, cssClass name: String = "title") -> String? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "label", gtk_widget_has_css_class(current, name) != 0 {
                return String(cString: gtk_label_get_text(gcast(current)))
            }
            if let found = label(in: current, cssClass: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
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
