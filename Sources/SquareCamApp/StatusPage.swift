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

    private func configure(_ button: Widget, _ action: Action?) {
        WidgetStyle.setVisible(button, action != nil)
        guard let action else { return }
        gtk_button_set_label(gcast(button), action.label)
        gtk_button_set_use_underline(gcast(button), 1)
        WidgetStyle.describe(button, label: action.label.replacingOccurrences(of: "_", with: ""), tooltip: action.tooltip)
    }
}
