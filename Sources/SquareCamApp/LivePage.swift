import CGtk
import SquareCamCore

/// The live page: viewfinder above, controls below (timer, shutter, grid).
@MainActor
final class LivePage {
    let widget: Widget
    let viewfinder = Viewfinder()
    let shutterButton: Widget
    let timerButton: Widget
    let gridButton: Widget
    let mirrorButton: Widget
    /// Front ↔ back (the next camera): shown when there is more than one.
    let switchButton: Widget
    private let controls: Widget
    private let end: Widget
    let area: AdaptiveArea

    init() {
        shutterButton = gtk_button_new()
        let icon = gtk_image_new_from_icon_name("camera-photo-symbolic")!
        gtk_image_set_pixel_size(gcast(icon), 32)
        gtk_button_set_child(gcast(shutterButton), icon)
        WidgetStyle.addClass(shutterButton, "shutter")
        gtk_widget_set_halign(shutterButton, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(shutterButton, GTK_ALIGN_CENTER)
        WidgetStyle.describe(shutterButton, label: localized("Take Photo"), tooltip: localized("Take Photo (Space)"))

        timerButton = Make.button(label: localized("Off"), icon: "alarm-symbolic", tooltip: localized("Countdown: off, 3 or 10 seconds (T)"),
                                  accessibleLabel: localized("Countdown"))
        WidgetStyle.addClass(timerButton, "flat")
        gridButton = Make.toggleButton(icon: "view-grid-symbolic", tooltip: localized("Rule-of-Thirds Grid (G)"))
        WidgetStyle.addClass(gridButton, "flat")
        mirrorButton = Make.toggleButton(icon: "object-flip-horizontal-symbolic", tooltip: localized("Mirror the Viewfinder (M)"))
        WidgetStyle.addClass(mirrorButton, "flat")

        switchButton = Make.button(icon: "camera-switch-symbolic", tooltip: localized("Next Camera (C)"))
        WidgetStyle.addClass(switchButton, "flat")
        WidgetStyle.setVisible(switchButton, false)

        // Round, finger-sized, centred on the shutter's line: a checked toggle is a tinted circle, not a tall slab.
        for button in [mirrorButton, gridButton, switchButton] {
            WidgetStyle.addClass(button, "circular")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        gtk_widget_set_valign(timerButton, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(timerButton, GTK_ALIGN_CENTER)
        end = Make.box(vertical: false, spacing: 6, [switchButton, mirrorButton, gridButton])
        gtk_widget_set_halign(end, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(end, GTK_ALIGN_CENTER)
        controls = Make.centerBox(start: timerButton, center: shutterButton, end: end)
        WidgetStyle.addClass(controls, "capture-controls")
        WidgetStyle.margins(controls, 12)
        area = AdaptiveArea(picture: viewfinder.widget, controls: controls, squarePicture: true)
        widget = area.widget
        area.onArrange = { [weak self] arrangement in self?.arrange(arrangement) }
    }

    /// A row under the picture, or a column beside it (shutter in the middle either way).
    private func arrange(_ arrangement: CaptureLayout.Arrangement) {
        let row = arrangement == .stacked
        WidgetStyle.setVertical(controls, !row)
        WidgetStyle.setVertical(end, !row)
    }

    /// Shows the countdown choice on the timer button.
    func showTimer(_ seconds: Int) {
        let text = seconds == 0 ? localized("Off") : localized("{seconds} s", ["seconds": String(seconds)])
        let content = gtk_button_get_child(gcast(timerButton))!
        adw_button_content_set_label(gcast(content), text)
        Trace.line("timer \(seconds)")
    }
}
