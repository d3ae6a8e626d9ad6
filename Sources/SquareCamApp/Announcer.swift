import CGtk

/// Tells screen readers short news that appears away from the focus: "Photo
/// saved" and the other toasts, the countdown's digits.
///
/// GTK 4.8 has no `gtk_accessible_announce` (GTK 4.14 has), and GTK makes a
/// widget's accessibility context only once a screen reader has asked about
/// it: a toast, or a label that appears or changes, sends nothing to the
/// accessibility bus (checked with pyatspi: AdwToastWidget and the countdown
/// label never did). What does reach the bus is a change on the widget with
/// the focus, and a new description there is what screen readers (Orca)
/// speak. So the news is lent to the focused widget as its description, and
/// the widget gets its own (its tooltip) back when the focus leaves it.
@MainActor
final class Announcer {
    private let window: Widget
    /// The widget wearing the news as its description, to give back its own.
    private var wearer: Widget?

    init(window: Widget) {
        self.window = window
        Signal.connectPointer(window, "notify::focus-widget") { [weak self] _ in self?.giveBackUnlessFocused() }
    }

    /// Speaks `text` through the focused widget (nothing has the focus: nobody is listening there either).
    func announce(_ text: String) {
        guard let focus = gtk_window_get_focus(gcast(window)) else {
            Trace.line("announce (no focus): \(text)")
            return
        }
        if wearer != focus { giveBack() }
        wearer = focus
        squarecam_accessible_set_description(focus, text)
        Trace.line("announce: \(text)")
    }

    private func giveBackUnlessFocused() {
        guard let wearer, wearer != gtk_window_get_focus(gcast(window)) else { return }
        giveBack()
    }

    private func giveBack() {
        guard let wearer else { return }
        self.wearer = nil
        // The widget's own description is its tooltip (GTK sets one from the other), or for a
        // picture without one, the description it was given.
        let tooltip = gtk_widget_get_tooltip_text(wearer).map { String(cString: $0) } ?? ""
        squarecam_accessible_set_description(wearer, WidgetStyle.screenReaderDescriptions[wearer] ?? tooltip)
    }
}
