import CGtk
import SquareCamCore

/// The live page: the viewfinder with its toggles (countdown, grid, mirror)
/// along its top edge, and below or beside it the last photo, the shutter
/// and the camera switch, as on a phone's camera.
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
    /// The newest photo: opens it in the default viewer.
    let thumbnailButton: Widget
    let thumbnail = ImageView(covers: true)
    private let controls: Widget
    let area: AdaptiveArea
    /// The countdown choice the timer button shows (nil before the first).
    private var shownTimer: Int?

    init() {
        shutterButton = gtk_button_new()
        let icon = gtk_image_new_from_icon_name("camera-photo-symbolic")!
        gtk_image_set_pixel_size(gcast(icon), 32)
        gtk_button_set_child(gcast(shutterButton), icon)
        WidgetStyle.addClass(shutterButton, "shutter")
        WidgetStyle.describe(shutterButton, label: localized("Take Photo"), tooltip: localized("Take Photo (Space)"))

        timerButton = Make.button(label: localized("Off"), icon: "alarm-symbolic", tooltip: localized("Countdown: off, 3 or 10 seconds (T)"),
                                  accessibleLabel: localized("Countdown"), labelIsValue: true)
        gridButton = Make.toggleButton(icon: "view-grid-symbolic", tooltip: localized("Rule-of-Thirds Grid (G)"))
        mirrorButton = Make.toggleButton(icon: "object-flip-horizontal-symbolic", tooltip: localized("Mirror the Viewfinder (M)"))
        switchButton = Make.button(icon: "camera-switch-symbolic", tooltip: localized("Next Camera (C)"))
        WidgetStyle.setVisible(switchButton, false)
        thumbnailButton = gtk_button_new()
        gtk_button_set_child(gcast(thumbnailButton), thumbnail.widget)
        WidgetStyle.addClass(thumbnailButton, "thumbnail")
        WidgetStyle.describe(thumbnailButton, label: localized("Last Photo"), tooltip: localized("Open the last photo"))
        WidgetStyle.setVisible(thumbnailButton, false)

        // Finger-sized and round; a checked toggle is a tinted circle. Over
        // the picture they wear the on-screen-display look, readable on any frame.
        for button in [timerButton, gridButton, mirrorButton, switchButton, shutterButton, thumbnailButton] {
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        for button in [gridButton, mirrorButton, switchButton] { WidgetStyle.addClass(button, "circular") }
        for button in [timerButton, gridButton, mirrorButton] { WidgetStyle.addClass(button, "osd") }
        WidgetStyle.addClass(timerButton, "pill")
        WidgetStyle.addClass(switchButton, "flat")
        let toggles = Make.box(vertical: false, spacing: 8, [timerButton, gridButton, mirrorButton])
        gtk_widget_set_halign(toggles, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(toggles, GTK_ALIGN_START)
        WidgetStyle.margins(toggles, 8)
        let picture = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(picture), viewfinder.widget)
        gtk_overlay_add_overlay(gcast(picture), toggles)

        controls = Make.centerBox(start: thumbnailButton, center: shutterButton, end: switchButton)
        WidgetStyle.addClass(controls, "capture-controls")
        WidgetStyle.margins(controls, 12)
        area = AdaptiveArea(picture: picture, controls: controls, squarePicture: true)
        widget = area.widget
        area.onArrange = { [weak self] arrangement, _ in
            // A row under the picture, or a column beside it (the shutter in the middle either way).
            guard let self else { return }
            WidgetStyle.setVertical(self.controls, arrangement == .sideBySide)
        }
    }

    /// Shows the newest photo (nil: none yet, the button hides).
    func showLastPhoto(_ image: DisplayImage?) {
        thumbnail.image = image
        guard (image != nil) != (gtk_widget_get_visible(thumbnailButton) != 0) else { return }
        WidgetStyle.setVisible(thumbnailButton, image != nil)
        area.invalidate()
    }

    /// Shows the countdown choice on the timer button.
    func showTimer(_ seconds: Int) {
        guard seconds != shownTimer else { return }
        shownTimer = seconds
        let text = seconds == 0 ? localized("Off") : localized("{seconds} s", ["seconds": String(seconds)])
        let content = gtk_button_get_child(gcast(timerButton))!
        adw_button_content_set_label(gcast(content), text)
        Trace.line("timer \(seconds)")
    }
}
