import CGtk
import Foundation
import SquareCamCore

/// For the layout tests (`SQUARECAM_TRACE=1`): what a window shows, checked
/// as a user would find it on a small screen —
///
///     audit NAME in WxH: C controls, L labels; problems: none
///     audit NAME in WxH: C controls, L labels; problems: 'Save' 120x32 smaller than 44x44; label 'No camera…' ellipsized
///
/// Every control (button, toggle, check box, switch, drop-down, slider) is
/// inside the window and at least 44×44; no label is ellipsized or cut (its
/// allocation smaller than it needs, or outside the window), and none breaks
/// a line inside a Korean word. The window
/// buttons of the title bar are the toolkit's own and are left out; what a
/// scrolled window holds may lie outside (it scrolls into view); a control
/// in an activatable list row (a switch in Preferences) has the row, at
/// least 44 px tall, as its target.
@MainActor
enum LayoutAudit {
    static let controlRoles: Set<UInt32> = [
        GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_CHECKBOX,
        GTK_ACCESSIBLE_ROLE_SWITCH, GTK_ACCESSIBLE_ROLE_COMBO_BOX, GTK_ACCESSIBLE_ROLE_SLIDER,
        GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, GTK_ACCESSIBLE_ROLE_LINK,
    ].map { $0.rawValue }.reduce(into: []) { $0.insert($1) }

    /// Audits `window` (a dialog, preferences, shortcuts, about) each time it shows.
    static func watch(_ window: Widget, as name: String) {
        guard Trace.enabled else { return }
        // Again once it has settled: a message dialog grows after its first frames.
        Signal.connect(window, "map") {
            trace(name, window: window)
            trace(name, window: window, frames: 20)
        }
    }

    /// Audits `widget`'s window each time the revealer inside `widget` has
    /// shown its child: a GtkVideo's controls, shown while the pointer moves.
    static func watchReveals(in widget: Widget, as name: String) {
        guard Trace.enabled, let revealer = Trace.descendant(of: widget, cssName: "revealer") else { return }
        Signal.connectPointer(UnsafeMutableRawPointer(revealer), "notify::child-revealed") { _ in
            guard gtk_revealer_get_child_revealed(gcast(revealer)) != 0, let root = gtk_widget_get_root(widget) else { return }
            trace(name, window: gcast(root))
        }
    }

    /// Traces the audit of `window` once it has drawn (a few frames, so a
    /// page's layout has settled), unless `stillShown` says the page named
    /// has gone meanwhile: another page, perhaps not laid out yet, would be
    /// audited under its name.
    static func trace(_ name: String, window: Widget, frames: Int = 3, stillShown: @escaping @MainActor () -> Bool = { true }) {
        guard Trace.enabled else { return }
        FrameClock.afterPaints(of: window, frames: frames) {
            guard stillShown() else { return }
            let report = audit(window)
            Trace.line("audit \(name) in \(gtk_widget_get_width(window))x\(gtk_widget_get_height(window)): "
                       + "\(report.controls) controls, \(report.labels) labels; problems: "
                       + (report.problems.isEmpty ? "none" : report.problems.joined(separator: "; ")))
        }
    }

    private struct Report {
        var controls = 0, labels = 0
        var problems: [String] = []
    }

    private static func audit(_ window: Widget) -> Report {
        var report = Report()
        let width = Double(gtk_widget_get_width(window)), height = Double(gtk_widget_get_height(window))
        func visit(_ widget: Widget, insideControl: Bool, scrolls: Bool, inTallRow: Bool) {
            guard gtk_widget_get_mapped(widget) != 0, gtk_widget_get_opacity(widget) > 0 else { return }
            let css = String(cString: gtk_widget_get_css_name(widget))
            if css == "windowcontrols" { return }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, window, &bounds) != 0 else { return }
            let x = Double(bounds.origin.x), y = Double(bounds.origin.y)
            let w = Double(bounds.size.width), h = Double(bounds.size.height)
            let outside = !scrolls && (x < -0.5 || y < -0.5 || x + w > width + 0.5 || y + h > height + 0.5)
            let row = squarecam_as_list_box_row(widget)
            var tallRow = inTallRow
            if let row, gtk_list_box_row_get_activatable(row) != 0, h >= 43.5 { tallRow = true }
            let role = squarecam_widget_accessible_role(widget).rawValue
            // Plain values before the `&&`s: their autoclosures may not capture
            // a GTK pointer (the release build's data-race check refuses it).
            let isRow = row != nil
            let isControl = !insideControl && !isRow && controlRoles.contains(role)
            if isControl {
                report.controls += 1
                let name = describe(widget)
                if (w < 43.5 || h < 43.5) && !inTallRow { report.problems.append("\(name) \(Int(w))x\(Int(h)) smaller than 44x44") }
                if outside { report.problems.append("\(name) at \(Int(x)) \(Int(y)) \(Int(w))x\(Int(h)) outside the window") }
            }
            if let label = squarecam_as_label(widget) {
                report.labels += 1
                let text = String(cString: gtk_label_get_text(label))
                if !text.isEmpty {
                    let quoted = "label '\(text.prefix(24))'"
                    if let layout = gtk_label_get_layout(label), pango_layout_is_ellipsized(layout) != 0 {
                        report.problems.append("\(quoted) ellipsized")
                    }
                    // A measurement includes the margins; the bounds (border box) do not.
                    var minimum: Int32 = 0, natural: Int32 = 0
                    let across = Int32(w.rounded()) + gtk_widget_get_margin_start(widget) + gtk_widget_get_margin_end(widget)
                    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, across, &minimum, &natural, nil, nil)
                    let tall = Int32(h.rounded()) + gtk_widget_get_margin_top(widget) + gtk_widget_get_margin_bottom(widget)
                    if tall < minimum { report.problems.append("\(quoted) cut at the bottom (\(tall) of \(minimum) px)") }
                    if outside { report.problems.append("\(quoted) outside the window") }
                    // Korean wraps between words (TextWrap.wrapsAsProse), titles included.
                    let words = WholeWords.korean(in: text)
                    for start in TextWrap.lineStarts(of: widget) {
                        if let word = words.first(where: { $0.lowerBound < start && start < $0.upperBound }) {
                            let bytes = Array(text.utf8)[word]
                            report.problems.append("\(quoted) breaks inside the word '\(String(decoding: bytes, as: UTF8.self))'")
                        }
                    }
                }
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current, insideControl: insideControl || isControl, scrolls: scrolls || css == "scrolledwindow", inTallRow: tallRow)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(window, insideControl: false, scrolls: false, inTallRow: false)
        return report
    }

    /// A control by its accessible name if it has one, its label, or its CSS name.
    private static func describe(_ widget: Widget) -> String {
        if let text = gtk_widget_get_tooltip_text(widget) { return "'\(String(cString: text).prefix(24))'" }
        if let label = Trace.descendant(of: widget, cssName: "label").flatMap(squarecam_as_label) {
            return "'\(String(cString: gtk_label_get_text(label)).prefix(24))'"
        }
        return String(cString: gtk_widget_get_css_name(widget))
    }
}
