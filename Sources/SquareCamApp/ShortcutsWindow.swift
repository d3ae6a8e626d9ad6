import CGtk

/// The keyboard shortcuts window (Ctrl+?): one scrolling column of groups, as
/// narrow as a phone, made from the same list as the accelerators, so it can
/// never show a key that does something else.
///
/// Not a GtkShortcutsWindow: GTK 4.8 lays that out in columns of a fixed
/// height, never scrolls (1,162 px wide on a 360 px phone), shows keypad twins
/// by their raw names ("KP_Enter") and titles itself with GTK's own word
/// ("Shortcuts"), which differs from our menu's in Korean and Japanese.
@MainActor
enum ShortcutsWindow {
    /// One row: what a key does, and the keys (GTK accelerator syntax) that do it.
    struct Entry {
        var group: MainWindow.Shortcut.Group
        var title: String
        var keys: [String]
    }

    /// The window's title, the same words as its menu item.
    static var title: String { localized("Keyboard Shortcuts") }

    static func make(_ entries: [Entry], parent: Widget) -> Widget {
        let window = adw_preferences_window_new()!
        gtk_window_set_title(gcast(window), title)
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_set_modal(gcast(window), 1)
        adw_preferences_window_set_search_enabled(gcast(window), 0)
        DialogSize.fit(window, within: parent, width: 480, height: 640)
        let page = adw_preferences_page_new()!
        for group in MainWindow.Shortcut.Group.allCases {
            let rows = entries.filter { $0.group == group }
            guard !rows.isEmpty else { continue }
            let box = adw_preferences_group_new()!
            adw_preferences_group_set_title(gcast(box), title(of: group))
            for entry in rows {
                adw_preferences_group_add(gcast(box), row(entry))
                Trace.line("shortcut listed \(group) \(entry.keys.joined(separator: " ")): \(entry.title)")
            }
            adw_preferences_page_add(gcast(page), gcast(box))
        }
        adw_preferences_window_add(gcast(window), gcast(page))
        TextWrap.wrapsAsProse(everyWrappingLabelIn: window)
        return window
    }

    /// The title with the keys beside it; keys too wide for that on a phone (Shift with four
    /// arrows, Ctrl+W / Ctrl+Q) go under it, or the title was squeezed to a word a line.
    private static func row(_ entry: Entry) -> Widget {
        // Key caps: two alternatives a line with modifiers ("Ctrl + S / Enter"), four without ("← / → / ↑ / ↓").
        let modified = entry.keys.contains { $0.hasPrefix("<") }
        let perLine = modified ? 2 : 4
        let lines = stride(from: 0, to: entry.keys.count, by: perLine).map { start in
            gtk_shortcut_label_new(entry.keys[start..<min(start + perLine, entry.keys.count)].joined(separator: " "))!
        }
        let keys = Make.box(vertical: true, spacing: 6, lines)
        let wide = entry.keys.count > 2 || entry.keys.filter { $0.hasPrefix("<") }.count > 1
        guard wide else {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(gcast(row), entry.title)
            gtk_widget_set_valign(keys, GTK_ALIGN_CENTER)
            WidgetStyle.margins(keys, 6)
            adw_action_row_add_suffix(gcast(row), keys)
            return row
        }
        let title = Make.wrappingLabel(entry.title)
        gtk_label_set_xalign(gcast(title), 0)
        for line in lines { gtk_widget_set_halign(line, GTK_ALIGN_END) }
        gtk_widget_set_halign(keys, GTK_ALIGN_END)
        let content = Make.box(vertical: true, spacing: 8, [title, keys])
        // An action row's padding (12 px to the sides), and room above and below the key caps.
        gtk_widget_set_margin_start(content, 12)
        gtk_widget_set_margin_end(content, 12)
        gtk_widget_set_margin_top(content, 12)
        gtk_widget_set_margin_bottom(content, 12)
        let row = adw_preferences_row_new()!
        adw_preferences_row_set_title(gcast(row), entry.title)
        gtk_list_box_row_set_activatable(gcast(row), 0)
        gtk_list_box_row_set_child(gcast(row), content)
        return row
    }

    private static func title(of group: MainWindow.Shortcut.Group) -> String {
        switch group {
        case .camera: localized("Camera")
        case .review: localized("Review")
        case .editor: localized("Crop Editor")
        case .window: localized("Window")
        }
    }
}
