import CGtk

extension StatusPage {
    /// `status drawn LAYOUT in WxH: title lines N widths A B; scrolls yes|no; clipped NAMES|none`:
    /// what the page shows, for the layout tests (a label is clipped when it got less room than it needs).
    func traceDrawn() {
        guard Trace.enabled else { return }
        let widths = TextWrap.lineWidths(of: titleLabel)
        let adjustment = gtk_scrolled_window_get_vadjustment(gcast(textScroller))
        let scrolls = adjustment.map { gtk_adjustment_get_upper($0) > gtk_adjustment_get_page_size($0) + 0.5 } ?? false
        var clipped: [String] = []
        // Border boxes against what they ask for (measuring counts padding and borders too).
        let shown = [("title", titleLabel), ("description", descriptionLabel), ("command", commandLabel),
                     ("primary", primaryButton), ("secondary", secondaryButton)].filter { gtk_widget_get_mapped($0.1) != 0 }
        for (name, widget) in shown {
            var box = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, widget, &box) != 0 else { continue }
            let width = Int32(box.size.width.rounded()), height = Int32(box.size.height.rounded())
            var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0, minimumHeight: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, &minimumHeight, nil, nil, nil)
            // A button's label does not wrap: it needs its natural width. A wrapping label needs its height at its width.
            let isButton = name == "primary" || name == "secondary"
            if width < (isButton ? naturalWidth : minimumWidth) || height < minimumHeight { clipped.append(name) }
        }
        let list = clipped.isEmpty ? "none" : Set(clipped).sorted().joined(separator: " ")
        Trace.line("status drawn \(layout?.rawValue ?? "?") in \(Int(size.width))x\(Int(size.height)): title lines \(widths.count) widths "
                   + "\(widths.map(String.init).joined(separator: " ")); scrolls \(scrolls ? "yes" : "no"); clipped \(list)")
    }
}
