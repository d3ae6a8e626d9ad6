import CGtk

/// A full-page explanation (no permission, no camera, disconnected, busy)
/// with up to two actions.
@MainActor
final class StatusPage {
    let widget: Widget
    let primaryButton: Widget
    let secondaryButton: Widget
    var onPrimary: (() -> Void)?
    var onSecondary: (() -> Void)?

    init() {
        widget = adw_status_page_new()
        primaryButton = Make.button(label: "", tooltip: "")
        secondaryButton = Make.button(label: "", tooltip: "")
        WidgetStyle.addClass(primaryButton, "suggested-action")
        WidgetStyle.addClass(primaryButton, "pill")
        WidgetStyle.addClass(secondaryButton, "pill")
        // One above the other, the main action first: fits a phone's width in any language.
        let buttons = Make.box(vertical: true, spacing: 12, [primaryButton, secondaryButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        adw_status_page_set_child(gcast(widget), buttons)
        // libadwaita 1.2 makes the title a plain label: screen readers get it as the
        // page's heading. Its role can change only before the page joins a window.
        if let title = Self.descendant(of: widget, withClass: "title") {
            squarecam_widget_set_accessible_role(title, GTK_ACCESSIBLE_ROLE_HEADING)
            squarecam_accessible_set_level(title, 1)
        }
        Signal.connect(primaryButton, "clicked") { [weak self] in self?.onPrimary?() }
        Signal.connect(secondaryButton, "clicked") { [weak self] in self?.onSecondary?() }
    }

    /// One button's label, tooltip and action; `nil` hides the button.
    struct Action {
        var label: String
        var tooltip: String
        var run: () -> Void
    }

    func show(icon: String, title: String, description: String, primary: Action?, secondary: Action? = nil) {
        adw_status_page_set_icon_name(gcast(widget), icon)
        adw_status_page_set_title(gcast(widget), title)
        adw_status_page_set_description(gcast(widget), description)
        configure(primaryButton, primary)
        configure(secondaryButton, secondary)
        onPrimary = primary?.run
        onSecondary = secondary?.run
    }

    private static func descendant(of widget: Widget, withClass name: String) -> Widget? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_has_css_class(current, name) != 0 { return current }
            if let found = descendant(of: current, withClass: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    private func configure(_ button: Widget, _ action: Action?) {
        WidgetStyle.setVisible(button, action != nil)
        guard let action else { return }
        gtk_button_set_label(gcast(button), action.label)
        gtk_button_set_use_underline(gcast(button), 1)
        WidgetStyle.describe(button, label: WidgetStyle.plainLabel(action.label), tooltip: action.tooltip)
        WidgetStyle.dropLabelledBy(button)
    }
}
