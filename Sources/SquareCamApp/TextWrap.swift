import CGtk
import SquareCamCore

/// How labels wrap. Balanced titles: where a label's text breaks into lines,
/// as Pango breaks it in the label's own font, at the narrowest width that
/// keeps as few lines as the widest allows (`BalancedWrap`). Korean, in
/// titles and every other wrapping label, between words only; commands
/// between arguments. Every Pango call of the app is here.
@MainActor
enum TextWrap {
    /// `text` with a line break wherever the label, wrapped at `width` points
    /// balanced, breaks it; unchanged when it fits on one line.
    static func balanced(_ text: String, in label: Widget, width: Int) -> String {
        if text.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }),
           let lines = betweenWords(text, in: label, width: width) {
            return lines
        }
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

    /// Korean breaks between words (its spaces), as Korean titles are set; nil when a word
    /// alone is wider than `width` (then Pango breaks inside it).
    private static func betweenWords(_ text: String, in label: Widget, width: Int) -> String? {
        let words = text.split(separator: " ").map(String.init)
        func measured(_ piece: String) -> Int {
            guard let layout = gtk_widget_create_pango_layout(label, piece) else { return 0 }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var width: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, nil)
            return Int(width)
        }
        let space = measured("a a") - measured("aa")
        guard let lines = BalancedWrap.wordLines(widths: words.map(measured), space: space, maximum: width) else { return nil }
        return lines.map { words[$0].joined(separator: " ") }.joined(separator: "\n")
    }

    /// A command: broken between its arguments, a long one (an object path)
    /// anywhere, with no hyphen added (it would be copied as typed).
    static func wrapsAsCommand(_ label: Widget) {
        follow(label, keeping: WholeWords.commandArguments)
    }

    /// A wrapped label's breaks as prose wants them, whatever text it is given
    /// from now on: no hyphen added where a word breaks (not in a path, "Sq-
    /// uareCam", nor in Korean, "Camera-에"), and Korean words whole. Pango
    /// would break a line between any two Hangul syllables ("카\n메라"); Korean
    /// is set between words, as its titles are here (`betweenWords`).
    static func wrapsAsProse(_ label: Widget) {
        follow(label, keeping: WholeWords.korean)
    }

    /// wrapsAsProse for the wrapping labels libadwaita makes itself inside
    /// `root` (a message dialog's body, an action row's title): every
    /// wrapping label there not yet so.
    static func wrapsAsProse(everyWrappingLabelIn root: Widget) {
        if let label = squarecam_as_label(root), gtk_label_get_wrap(label) != 0,
           g_object_get_data(UnsafeMutablePointer(OpaquePointer(root)), followedKey) == nil {
            wrapsAsProse(root)
        }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            wrapsAsProse(everyWrappingLabelIn: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Marks a label whose breaks `follow` keeps.
    private static let followedKey = "squarecam-text-wrap"

    /// Wraps `label` (a word too long for its line broken anywhere) and keeps
    /// the words `keeping` names in its text whole, now and at every change.
    private static func follow(_ label: Widget, keeping: @escaping (String) -> [Range<Int>]) {
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(label)), followedKey, UnsafeMutableRawPointer(bitPattern: 1))
        gtk_label_set_wrap(gcast(label), 1)
        gtk_label_set_wrap_mode(gcast(label), PANGO_WRAP_WORD_CHAR)
        let update = { setAttributes(of: label, keepingWords: keeping(String(cString: gtk_label_get_text(gcast(label))))) }
        update()
        Signal.connectPointer(label, "notify::label") { _ in update() }
    }

    /// No hyphens anywhere, and no break inside the UTF-8 byte ranges `words`.
    private static func setAttributes(of label: Widget, keepingWords words: [Range<Int>]) {
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        for word in words {
            let whole = pango_attr_allow_breaks_new(0)!
            whole.pointee.start_index = guint(word.lowerBound)
            whole.pointee.end_index = guint(word.upperBound)
            pango_attr_list_insert(attributes, whole)
        }
        gtk_label_set_attributes(gcast(label), attributes)
        pango_attr_list_unref(attributes)
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

    /// Where each line after the first starts, in UTF-8 bytes of the label's text, as laid out now.
    static func lineStarts(of label: Widget) -> [Int] {
        guard let layout = gtk_label_get_layout(gcast(label)) else { return [] }
        return (1..<max(1, pango_layout_get_line_count(layout))).compactMap { index in
            pango_layout_get_line_readonly(layout, index).map { Int($0.pointee.start_index) }
        }
    }
}
