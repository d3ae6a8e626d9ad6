import CGtk
import Foundation
import SquareCamController
import SquareCamCore

/// The app's one window: a header bar (camera switcher, menu) over a stack of
/// pages — live, review, crop editor, status. It draws the controller's state
/// and forwards the user's input; the controller decides everything else.
@MainActor
final class MainWindow {
    let window: Widget
    let application: UnsafeMutablePointer<AdwApplication>
    let controller: CaptureController
    let live = LivePage()
    let review = ReviewPage()
    let clipReview = ClipReviewPage()
    let editor = CropEditor()
    let status = StatusPage()
    let statistics = AppStatistics()
    let stack: Widget
    let toasts: Widget
    let cameraSwitcher = CameraSwitcher()
    let menuButton: Widget
    let header: Widget
    let spinnerPage: Widget
    /// Shown only while fullscreen (no header bar then): the way out for a finger, where F11 and Esc need a keyboard.
    let leaveFullscreenButton: Widget

    /// What the window draws now, so each change is drawn (and traced) once.
    var shown = Shown()
    /// Redraws the recording's time while it runs.
    var recordingClock: RecordingClock?
    /// The window's shortcuts (`installShortcuts`); each state change enables the ones that apply.
    var shortcuts: [Shortcut] = []
    /// The preferences window while it is open (it keeps its own widgets alive; this keeps its handlers).
    var preferencesWindow: PreferencesWindow?
    /// True while "close-request" asks the controller (its answer closes the window by itself).
    var handlingCloseRequest = false
    /// The question about an unsaved photo on the way out, while it is shown.
    var unsavedPhotoDialog: UnsavedWorkDialog?
    /// The compact window's menu and window buttons (`MainWindow+Compact`), and whether it is compact.
    let corner = Make.box(vertical: false, spacing: 4, [gtk_window_controls_new(GTK_PACK_END)])
    var compact = false
    /// Where toasts go, a rule that follows the live page's layout.
    let toastStyle = WidgetStyle.StyleSheet()
    var toastPlace = (bottom: -1, end: -1)
    /// What Open said when no app could show the photo, while it is shown.
    var photoNotOpenedDialog: PhotoNotOpenedDialog?
    /// Speaks toasts and the countdown to screen readers.
    lazy var announcer = Announcer(window: window)

    /// The controller's state as the window last drew it.
    struct Shown {
        /// The page on screen, to act once when it changes (focus, statistics).
        var page = ""
        /// The photo (id and crop) the review page shows, and the one the editor is open on.
        var reviewedPhoto: CapturedPhoto?
        var editedPhotoID: Int?
        var recordingSeconds: Int?
        var following: Bool?
        /// The save problem the review page shows.
        var saveProblem: CaptureProblem?
        /// The photo the thumbnail button shows.
        var lastPhoto: String?
        /// Whether the window has its icon (set once the launch is over: `showIcon`).
        var icon = false
        /// The status page's state, so it is rebuilt only when that changes.
        var status: CaptureFlow.State?
    }

    init(application: UnsafeMutablePointer<AdwApplication>, sources: CaptureController.Sources) {
        self.application = application
        controller = CaptureController(sources: sources, preferences: .standard(), photos: .linux,
                                       openPrivacySettings: Launcher.openPrivacySettings)
        window = adw_application_window_new(gcast(application))
        gtk_window_set_title(gcast(window), "SquareCam")
        gtk_window_set_default_size(gcast(window), Int32(Self.firstSize.width), Int32(Self.firstSize.height))

        stack = gtk_stack_new()
        // No transition: a page is whole the moment it shows (screenshots, slow machines).
        gtk_stack_set_transition_type(gcast(stack), GTK_STACK_TRANSITION_TYPE_NONE)
        let spinner = gtk_spinner_new()!
        // Spinning only while it shows: GTK 4.8 keeps a started spinner's
        // animation going on a hidden page, and with it a relayout of the
        // whole window at every frame (two X round trips each: a quarter of
        // the live view's main-thread time).
        Signal.connect(spinner, "map") { gtk_spinner_start(gcast(spinner)) }
        Signal.connect(spinner, "unmap") { gtk_spinner_stop(gcast(spinner)) }
        gtk_widget_set_size_request(spinner, 48, 48)
        WidgetStyle.describe(spinner, label: localized("Starting the camera…"))
        spinnerPage = Make.box(vertical: true, spacing: 12, [spinner, Make.label(localized("Starting the camera…"), classes: ["dim-label"])])
        gtk_widget_set_valign(spinnerPage, GTK_ALIGN_CENTER)
        gtk_stack_add_named(gcast(stack), spinnerPage, "starting")
        for (area, name) in [(live.area, "live"), (review.area, "review"), (editor.area, "editor"), (clipReview.area, "clip")] { area.name = name }
        live.area.sharesRoomWith = [review.area, clipReview.area]
        review.area.sharesRoomWith = [live.area, clipReview.area]
        clipReview.area.sharesRoomWith = [live.area, review.area]
        gtk_stack_add_named(gcast(stack), live.widget, "live")
        gtk_stack_add_named(gcast(stack), review.widget, "review")
        gtk_stack_add_named(gcast(stack), editor.widget, "editor")
        gtk_stack_add_named(gcast(stack), clipReview.widget, "clip")
        gtk_stack_add_named(gcast(stack), status.widget, "status")
        WidgetStyle.expand(stack)

        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(gcast(toasts), stack)

        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(gcast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_primary(gcast(menuButton), 1)  // F10 opens it
        WidgetStyle.addClass(menuButton, "main-menu")
        WidgetStyle.describe(menuButton, label: localized("Main Menu"), tooltip: localized("Main Menu (F10)"))

        header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(gcast(header), Make.label("SquareCam", classes: ["title"]))
        adw_header_bar_pack_start(gcast(header), cameraSwitcher.widget)
        adw_header_bar_pack_end(gcast(header), menuButton)
        leaveFullscreenButton = Make.button(icon: "view-restore-symbolic", tooltip: localized("Leave Fullscreen (F11)"),
                                            accessibleLabel: localized("Leave fullscreen"))
        for name in ["osd", "circular", "leave-fullscreen"] { WidgetStyle.addClass(leaveFullscreenButton, name) }
        // The top start corner: the picture comes first in either arrangement, so no control of a page is there.
        gtk_widget_set_halign(leaveFullscreenButton, GTK_ALIGN_START)
        gtk_widget_set_valign(leaveFullscreenButton, GTK_ALIGN_START)
        WidgetStyle.margins(leaveFullscreenButton, 12)
        WidgetStyle.setVisible(leaveFullscreenButton, false)
        let pages = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(pages), toasts)
        gtk_overlay_add_overlay(gcast(pages), leaveFullscreenButton)
        installCompactLayout(pages: pages)
        let content = Make.box(vertical: true, spacing: 0, [header, pages])
        adw_application_window_set_content(gcast(window), content)

        WidgetStyle.installStyleSheet(Self.styleSheet)
        installActions()
        installShortcuts()
        connectControls()
        Trace.followLayouts(of: window)
        connectFraming()
        installFocusRules()
        let preferences = controller.preferences
        live.viewfinder.showsGrid = preferences.showGrid
        gtk_toggle_button_set_active(gcast(live.gridButton), preferences.showGrid ? 1 : 0)
        if preferences.showCircle { setCircle(true) }
        live.showTimer(preferences.countdownSeconds)
        live.viewfinder.onFrameShown = { [weak self] in self?.frameShown() }
        controller.onChange = { [weak self] in self?.render() }
        controller.onNotice = { [weak self] in self?.tell($0) }
        controller.onTransition = { event, state, actions in Trace.line("\(event) → \(state) \(actions)") }
        controller.onRejection = { Log.line("squarecam: \($0)") }
        controller.onClose = { [weak self] in self?.closeAllowed() }
        Signal.connectReturning(window, "close-request") { [weak self] in
            guard let self else { return false }
            return !self.closeRequested()
        }
    }

    /// The window's size at launch, where the screen has room for it.
    static let firstSize = PixelSize(width: 600, height: 760)

    /// Gives the window its icon once the launch is over: after the first
    /// live frame is on screen (`frameShown`), or with a page saying why
    /// there is none (`render`). On X11 GTK loads the icon as soon as it is
    /// named, an SVG through librsvg, libxml2 and ICU: named before the
    /// window was shown, it held the window's showing up 6–9 ms and the first
    /// frame 5–6 ms (40 launches interleaved, twice).
    func showIcon(afterNextPaint: Bool = false) {
        guard !shown.icon else { return }
        shown.icon = true
        let name: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            gtk_window_set_icon_name(gcast(window), SquareCamApp.applicationID)
            Trace.line("window icon named")
        }
        if afterNextPaint { FrameClock.afterNextPaint(of: window, name) } else { name() }
    }

    func present() {
        gtk_window_present(gcast(window))
        // Where no screen has room for that size (a phone: 360×720), the
        // window is maximized, as a phone's compositor shows every window,
        // instead of hanging off the screen's edges where the compositor
        // leaves windows their own size (Weston's desktop shell). Once it is
        // on screen: Weston 10 answers a window maximized before it has an
        // output with a maximized size of 0×0, then ends the app for not
        // matching it (a protocol error).
        if let largest = ScreenGeometry.largestMonitor(),
           largest.width < Self.firstSize.width || largest.height < Self.firstSize.height {
            FrameClock.afterPaints(of: window, frames: 1) { [weak self] in
                guard let self else { return }
                gtk_window_maximize(gcast(window))
                Trace.line("window maximized: the largest screen is \(largest.width)x\(largest.height)")
            }
        }
        controller.start()
    }

    func frameShown() {
        showIcon(afterNextPaint: true)
        if controller.state == .live || controller.state == .capturing {
            statistics.liveStarted(framesShown: live.viewfinder.framesShown - 1)
        }
    }

    private static let styleSheet = """
        .shutter { min-width: 72px; min-height: 72px; border-radius: 9999px; padding: 0;
                   background: white; color: #222; border: 5px solid alpha(@accent_bg_color, 0.6);
                   box-shadow: 0 1px 4px alpha(black, 0.4); }
        .shutter:hover { background: #eee; }
        .shutter:active { background: #ccc; }
        .shutter:disabled { opacity: 0.4; }
        .shutter:focus-visible { outline: 3px solid @accent_color; outline-offset: 3px; }
        /* Video mode: a red record button; recording, a red stop button. */
        .shutter.video-shutter { color: #e01b24; }
        .shutter.recording { background: #e01b24; color: white; }
        .recording-badge { background: alpha(black, 0.6); color: white; border-radius: 9999px; padding: 4px 14px;
                           font-weight: 700; font-size: 18px; }
        .recording-dot { color: #ff3b30; }
        .code-bar { background: alpha(black, 0.7); color: white; border-radius: 16px; padding: 6px 6px 6px 12px; }
        .capture-mode button { min-width: 34px; min-height: 34px; padding: 5px; }
        .capture-mode button:checked { background: @accent_bg_color; color: @accent_fg_color; }
        .viewfinder.empty { background: black; }
        /* Pills narrow enough for three in a row on a 360 px phone, 44 px tall. */
        button.pill { padding: 0 18px; min-height: 44px; }
        /* 44 px touch targets, padding included: the capture controls, round tool buttons, the main menu. */
        .capture-controls button:not(.shutter):not(.thumbnail), button.circular, menubutton.main-menu > button {
            min-width: 34px; min-height: 34px; padding: 5px; }
        button.osd.pill { padding: 0 14px; min-height: 44px; }
        button.leave-fullscreen { min-width: 44px; min-height: 44px; padding: 0; }
        button.thumbnail { min-width: 52px; min-height: 52px; padding: 0; border-radius: 10px;
                           border: 2px solid alpha(currentColor, 0.25); }
        button.thumbnail > * { border-radius: 8px; }
        /* The OSD buttons over the picture draw their backdrop from an image (OSDButtonFace) in the colour
           set here, libadwaita's for each state; their padding goes to their content. */
        button.osd.drawn-face, button.osd.drawn-face:hover, button.osd.drawn-face:active, button.osd.drawn-face:checked,
        button.osd.drawn-face:checked:hover, button.osd.drawn-face:checked:active { background: none; padding: 0; }
        button.osd.drawn-face.circular { min-width: 44px; min-height: 44px; }
        button.osd.drawn-face.circular .osd-content { margin: 5px; }
        button.osd.drawn-face.pill .osd-content { margin: 0 14px; min-width: 32px; }
        button.osd.drawn-face .osd-face { color: alpha(black, 0.65); }
        button.osd.drawn-face:hover .osd-face { color: alpha(mix(black, white, 0.15), 0.65); }
        button.osd.drawn-face:active .osd-face, button.osd.drawn-face.keyboard-activating .osd-face { color: alpha(mix(black, white, 0.25), 0.65); }
        /* A toggle that is on is filled with the accent colour: on the picture, off and on must never look alike. */
        button.osd.toggle:checked .osd-face { color: @accent_bg_color; }
        button.osd.toggle:checked { color: @accent_fg_color; }
        .shutter-flash { background: white; }
        .countdown { font-size: 96px; font-weight: 800; color: white;
                     text-shadow: 0 2px 8px alpha(black, 0.7); }
        .crop-canvas { background: #141414; }
        /* The crop square takes the arrow keys: its focus ring says so. */
        .crop-canvas:focus-visible { outline: 3px solid @accent_color; outline-offset: -3px; }
        /* Over the photo: opaque, so the reason reads on any picture. */
        .save-problem { background: @window_bg_color; border: 2px solid @error_color; border-radius: 12px; padding: 8px;
                        box-shadow: 0 1px 4px alpha(black, 0.4); }
        /* The toast's Open and × are finger-sized too, padding included (libadwaita's are 34 px). */
        toastoverlay > toast > button { min-height: 44px; padding-top: 0; padding-bottom: 0; }
        toastoverlay > toast > button.circular { min-width: 44px; min-height: 44px; padding: 0; }
        /* Preferences' folder button and quality field, and About's version: finger-sized (libadwaita's are 30–34 px). */
        window.squarecam-preferences row button, window.squarecam-preferences row spinbutton { min-height: 44px; }
        window.squarecam-preferences row spinbutton > button { min-width: 44px; }
        window.about button.app-version { min-height: 44px; }
        /* The clip's play, volume and position controls, shown while the pointer moves (GTK's are 34 px). */
        video controls button { min-width: 34px; min-height: 34px; padding: 5px; }
        video controls scale { padding-top: 17px; padding-bottom: 17px; }
        """
}
