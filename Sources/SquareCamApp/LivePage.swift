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
    /// The round avatar guide (O).
    let circleButton: Widget
    /// Follow the face (F): shown when faces can be found.
    let followButton: Widget
    /// "1×", "2×": how far zoomed in; a click goes to 2× or back to 1×.
    let zoomButton: Widget
    /// The zoom and the photo side the zoom button shows now.
    private var shownZoom: (text: String, tooltip: String)?
    let mirrorButton: Widget
    /// Front ↔ back (the next camera): shown when there is more than one.
    let switchButton: Widget
    /// Photo or video: a pair of linked toggles beside the shutter (V).
    let photoModeButton: Widget
    let videoModeButton: Widget
    /// Sound on or off for recordings; shown in video mode.
    let microphoneButton: Widget
    /// What the timer, zoom and microphone buttons show (their content, over their faces).
    private let timerContent: Widget
    private let zoomLabel: Widget
    private let microphoneIcon: Widget
    /// "● 0:05" over the picture while recording.
    let recordingBadge: Widget
    /// A QR code in view: its text, Copy, Open.
    let codeBar = CodeBar()
    private let recordingTime: Widget
    /// The toggles along the picture's top edge (hidden while recording).
    private let toggles: Widget
    /// What the shutter shows now.
    private var shownShutter: Shutter?

    /// The shutter's three faces.
    enum Shutter: Equatable {
        case takePhoto, startRecording, stopRecording
    }

    /// The newest photo: opens it in the default viewer.
    let thumbnailButton: Widget
    let thumbnail = ImageView(covers: true)
    private let controls: Widget
    private let modeSwitch: Widget
    private let endControls: Widget
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
        circleButton = Make.toggleButton(icon: "avatar-default-symbolic", tooltip: localized("Round Avatar Guide (O)"))
        followButton = Make.toggleButton(icon: "auth-face-symbolic", tooltip: localized("Follow the Face (F)"))
        WidgetStyle.setVisible(followButton, false)
        zoomButton = Make.button(label: "1×", tooltip: localized("Zoom: + and − keys, scroll or pinch; click for 2× or back to 1×"),
                                 accessibleLabel: localized("Zoom"), labelIsValue: true)
        WidgetStyle.addClass(zoomButton, "pill")
        WidgetStyle.addClass(zoomButton, "osd")
        WidgetStyle.addClass(zoomButton, "numeric")
        gtk_widget_set_halign(zoomButton, GTK_ALIGN_CENTER)
        mirrorButton = Make.toggleButton(icon: "object-flip-horizontal-symbolic", tooltip: localized("Mirror the Viewfinder (M)"))
        switchButton = Make.button(icon: "camera-switch-symbolic", tooltip: localized("Next Camera (C)"))
        WidgetStyle.setVisible(switchButton, false)
        photoModeButton = Make.radioButton(icon: "camera-photo-symbolic", tooltip: localized("Photo (V)"))
        videoModeButton = Make.radioButton(icon: "camera-video-symbolic", tooltip: localized("Video (V)"))
        gtk_toggle_button_set_group(gcast(videoModeButton), gcast(photoModeButton))
        gtk_toggle_button_set_active(gcast(photoModeButton), 1)
        microphoneButton = Make.toggleButton(icon: "audio-input-microphone-symbolic", tooltip: localized("Record Sound"))
        WidgetStyle.setVisible(microphoneButton, false)
        recordingTime = Make.label("0:00", classes: ["recording-time", "numeric"])
        let dot = Make.label("●", classes: ["recording-dot"])
        squarecam_accessible_set_hidden(dot, 1)
        recordingBadge = Make.box(vertical: false, spacing: 6, [dot, recordingTime])
        WidgetStyle.addClass(recordingBadge, "recording-badge")
        gtk_widget_set_halign(recordingBadge, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(recordingBadge, GTK_ALIGN_START)
        WidgetStyle.margins(recordingBadge, 12)
        WidgetStyle.setVisible(recordingBadge, false)
        thumbnailButton = gtk_button_new()
        gtk_button_set_child(gcast(thumbnailButton), thumbnail.widget)
        WidgetStyle.addClass(thumbnailButton, "thumbnail")
        WidgetStyle.describe(thumbnailButton, label: localized("Last Photo"), tooltip: localized("Open the last photo"))
        WidgetStyle.setVisible(thumbnailButton, false)

        // Finger-sized and round; a checked toggle is a tinted circle. Over
        // the picture they wear the on-screen-display look, readable on any frame.
        for button in [timerButton, gridButton, circleButton, followButton, mirrorButton, switchButton, shutterButton, thumbnailButton, microphoneButton] {
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        for button in [gridButton, circleButton, followButton, mirrorButton, switchButton, microphoneButton, photoModeButton, videoModeButton] {
            WidgetStyle.addClass(button, "circular")
        }
        for button in [timerButton, gridButton, circleButton, followButton, mirrorButton, microphoneButton] { WidgetStyle.addClass(button, "osd") }
        // Over the picture, redrawn at every frame: their backdrops are images (see OSDButtonFace).
        timerContent = OSDButtonFace(button: timerButton).content
        zoomLabel = OSDButtonFace(button: zoomButton).content
        microphoneIcon = OSDButtonFace(button: microphoneButton).content
        for button in [gridButton, circleButton, followButton, mirrorButton] { _ = OSDButtonFace(button: button) }
        WidgetStyle.addClass(timerButton, "pill")
        WidgetStyle.addClass(switchButton, "flat")
        toggles = Make.box(vertical: false, spacing: 8, [timerButton, gridButton, circleButton, followButton, mirrorButton, microphoneButton])
        gtk_widget_set_halign(toggles, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(toggles, GTK_ALIGN_START)
        WidgetStyle.margins(toggles, 8)
        let picture = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(picture), viewfinder.widget)
        gtk_overlay_add_overlay(gcast(picture), toggles)
        gtk_overlay_add_overlay(gcast(picture), recordingBadge)
        // The zoom above the code bar, along the picture's bottom edge.
        let bottom = Make.box(vertical: true, spacing: 0, [zoomButton, codeBar.widget])
        gtk_widget_set_valign(bottom, GTK_ALIGN_END)
        gtk_overlay_add_overlay(gcast(picture), bottom)

        let modes = Make.box(vertical: false, spacing: 0, [photoModeButton, videoModeButton])
        WidgetStyle.addClass(modes, "linked")
        WidgetStyle.addClass(modes, "capture-mode")
        gtk_widget_set_halign(modes, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(modes, GTK_ALIGN_CENTER)
        modeSwitch = modes
        let end = Make.box(vertical: false, spacing: 8, [modes, switchButton])
        gtk_widget_set_halign(end, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(end, GTK_ALIGN_CENTER)
        endControls = end
        controls = Make.centerBox(start: thumbnailButton, center: shutterButton, end: end)
        WidgetStyle.addClass(controls, "capture-controls")
        WidgetStyle.margins(controls, 12)
        area = AdaptiveArea(picture: picture, controls: controls, squarePicture: true)
        widget = area.widget
        area.onArrange = { [weak self] arrangement, _ in
            // A row under the picture, or a column beside it (the shutter in the middle either way).
            guard let self else { return }
            WidgetStyle.setVertical(self.controls, arrangement == .sideBySide)
            WidgetStyle.setVertical(self.endControls, arrangement == .sideBySide)
            WidgetStyle.setVertical(self.modeSwitch, arrangement == .sideBySide)
        }
    }

    /// Draws the mode, the shutter's face and the recording's badge.
    func showCapture(mode: CaptureMode, shutter: Shutter, recordingSeconds: Int?, recordsSound: Bool) {
        let videoOn = gtk_toggle_button_get_active(gcast(videoModeButton)) != 0
        if videoOn != (mode == .video) {
            gtk_toggle_button_set_active(gcast(mode == .video ? videoModeButton : photoModeButton), 1)
        }
        WidgetStyle.setVisible(microphoneButton, mode == .video)
        if (gtk_toggle_button_get_active(gcast(microphoneButton)) != 0) != recordsSound {
            gtk_toggle_button_set_active(gcast(microphoneButton), recordsSound ? 1 : 0)
        }
        gtk_image_set_from_icon_name(gcast(microphoneIcon), recordsSound ? "audio-input-microphone-symbolic" : "microphone-disabled-symbolic")
        // While recording only the time is over the picture, and the mode cannot change.
        let recording = recordingSeconds != nil
        WidgetStyle.setVisible(toggles, !recording)
        WidgetStyle.setVisible(recordingBadge, recording)
        WidgetStyle.setSensitive(modeSwitch, !recording)
        if let recordingSeconds {
            let text = clockText(seconds: recordingSeconds)
            gtk_label_set_text(gcast(recordingTime), text)
            WidgetStyle.describe(recordingBadge, label: localized("Recording, {time}", ["time": text]))
        }
        guard shutter != shownShutter else { return }
        shownShutter = shutter
        let (icon, label, tooltip): (String, String, String) = switch shutter {
        case .takePhoto: ("camera-photo-symbolic", localized("Take Photo"), localized("Take Photo (Space)"))
        case .startRecording: ("media-record-symbolic", localized("Start Recording"), localized("Start Recording (Space)"))
        case .stopRecording: ("media-playback-stop-symbolic", localized("Stop Recording"), localized("Stop Recording (Space)"))
        }
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(gcast(image), 32)
        gtk_button_set_child(gcast(shutterButton), image)
        WidgetStyle.describe(shutterButton, label: label, tooltip: tooltip)
        for (name, on) in [("video-shutter", shutter != .takePhoto), ("recording", shutter == .stopRecording)] {
            if on { WidgetStyle.addClass(shutterButton, name) } else { WidgetStyle.removeClass(shutterButton, name) }
        }
        Trace.line("shutter shows \(shutter)")
    }

    /// Shows the zoom (and, when zoomed past it, that the photo is smaller
    /// than the side chosen in the preferences), and face following.
    func showFraming(zoom: Double, photoSide: Int?, following: Bool, canFollow: Bool, recording: Bool) {
        WidgetStyle.setVisible(followButton, canFollow)
        if (gtk_toggle_button_get_active(gcast(followButton)) != 0) != following {
            gtk_toggle_button_set_active(gcast(followButton), following ? 1 : 0)
        }
        WidgetStyle.setVisible(zoomButton, !recording || zoom > 1)
        WidgetStyle.setSensitive(zoomButton, !recording)
        let figure = Self.zoomText(zoom)
        let text = photoSide.map { localized("{zoom} · {side} px", ["zoom": figure, "side": String($0)]) } ?? figure
        let tooltip = photoSide.map {
            localized("At this zoom photos are {side} × {side} pixels: smaller than the size chosen in Preferences, and never enlarged", ["side": String($0)])
        } ?? localized("Zoom: + and − keys, scroll or pinch; click for 2× or back to 1×")
        guard shownZoom?.text != text || shownZoom?.tooltip != tooltip else { return }
        shownZoom = (text, tooltip)
        gtk_label_set_text(gcast(zoomLabel), text)
        WidgetStyle.describe(zoomButton, label: localized("Zoom"), tooltip: tooltip)
        squarecam_accessible_set_description(zoomButton, text)
        Trace.line("zoom shows \(text)")
    }

    /// "1×", "1.6×", "3×".
    static func zoomText(_ zoom: Double) -> String {
        let tenths = Int((zoom * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)×" : "\(tenths / 10).\(tenths % 10)×"
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
        adw_button_content_set_label(gcast(timerContent), text)
        Trace.line("timer \(seconds)")
    }
}
