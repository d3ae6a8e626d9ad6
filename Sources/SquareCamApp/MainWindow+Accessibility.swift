import CGtk

/// What screen readers get of the toasts: a name for each button, and the
/// message itself spoken (`Announcer`).
extension MainWindow {
    /// A toast was added with `message` (and an action button labelled `button`).
    func toastShown(_ message: String, button: String?) {
        Trace.line("toast says: \(message)")
        nameToastButtons(button: button)
        // A toast waiting behind another is made once that one is gone.
        FrameClock.afterPaints(of: toasts, frames: 1) { [weak self] in self?.nameToastButtons(button: button) }
        // After this turn of the loop: the page that comes with the news (live after a
        // save) has given its button the focus by then.
        Task { @MainActor [weak self] in self?.announcer.announce(message) }
    }

    /// libadwaita 1.2 leaves the toast's buttons named "_Open Open" (its
    /// mnemonic label twice) and "GtkImage" (the close button's type).
    private func nameToastButtons(button label: String?) {
        guard let toast = Trace.descendant(of: toasts, cssName: "toast") else { return }
        var child = gtk_widget_get_first_child(toast)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard String(cString: gtk_widget_get_css_name(current)) == "button" else { continue }
            let hasLabel = Trace.descendant(of: current, cssName: "label") != nil
            let name = hasLabel ? label.map(WidgetStyle.plainLabel) : localized("Dismiss")
            guard let name else { continue }
            squarecam_accessible_set_label(current, name)
            WidgetStyle.dropLabelledBy(current)
        }
    }
}
