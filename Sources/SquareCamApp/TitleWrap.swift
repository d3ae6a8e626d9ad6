import CGtk
import SquareCamCore

/// Balanced titles: where a label's text breaks into lines, as Pango breaks
/// it in the label's own font, at the narrowest width that keeps as few
/// lines as the widest allows (`BalancedWrap`). Every Pango call of the app
/// is here.
@MainActor
enum TitleWrap {
    /// `text` with a line break wherever the label, wrapped at `width` points
    /// balanced, breaks it; unchanged when it fits on one line.
    static func balanced(_ text: String, in label: Widget, width: Int) -> String {
        guard width > 0, let layout = gtk_widget_create_pango_layout(label, text) else { return text }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        func lineCount(_ points: Int) -> Int {
            pango_layout_set_width(layout, Int32(points) * PANGO_SCALE)
            return Int(pango_layout_get_line_count(layout))
        }
        let chosen = BalancedWrap.width(maximum: width, minimum: width / 3, lineCount: lineCount)
        guard lineCount(chosen) > 1 else { return text }
        let bytes = Array(text.utf8)
        var lines: [String] = []
        for index in 0..<pango_layout_get_line_count(layout) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            let start = Int(line.pointee.start_index), end = min(bytes.count, start + Int(line.pointee.length))
            let piece = String(decoding: bytes[start..<end], as: UTF8.self)
            // The space Pango breaks at hangs at the line's end: it goes.
            lines.append(String(piece.reversed().drop { $0 == " " }.reversed()))
        }
        return lines.joined(separator: "\n")
    }

    /// The width in points of each line a label shows, as laid out now.
    static func lineWidths(of label: Widget) -> [Int] {
        guard let layout = gtk_label_get_layout(gcast(label)) else { return [] }
        return (0..<pango_layout_get_line_count(layout)).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
            var logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, nil, &logical)
            return Int(logical.width)
        }
    }
}
