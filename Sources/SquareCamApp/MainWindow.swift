import CGtk
import Foundation
import SquareCamCapture
import SquareCamCore

/// The app's one window: a header bar (camera switcher, menu) over a stack of
/// pages — live, review, crop editor, status — chosen by the capture flow.
@MainActor
final class MainWindow {
    let window: Widget
    let application: UnsafeMutablePointer<AdwApplication>
    let live = LivePage()
    let review = ReviewPage()
    let editor = CropEditor()
    let status = StatusPage()
    let preferences = Preferences()
    let statistics = AppStatistics()
    let stack: Widget
    let toasts: Widget
    let cameraSwitcher: Widget
    let menuButton: Widget
    let spinnerPage: Widget

    /// The capture flow: every page change and camera action comes from it.
    var flow = CaptureFlow()
    /// The `--camera` value of the camera to open (nil: the first real camera).
    var cameraSpec: String?
    var camera: (any Camera)?
    /// Cameras offered by the switcher, in its order.
    var switcherCameras: [CameraDescription] = []
    var switcherShown = false
    var shots: [Int: Shot] = [:]
    var nextShotID = 1
    var countdownTask: Task<Void, Never>?
    var retryTask: Task<Void, Never>?
    var lastSavedPath: String?
    /// While a failed save is being reported: its message (shown on the review page, not as a toast).
    var failedSaveMessage: String?
    var hotplugWatcher: CameraHotplugWatcher?
    /// False once the user chose the test pattern: a scripted camera (test hook) no longer stands in.
    var usesScriptedCamera = true
    var fillingSwitcher = false

    init(application: UnsafeMutablePointer<AdwApplication>, cameraSpec: String?) {
        self.application = application
        self.cameraSpec = cameraSpec
        window = adw_application_window_new(gcast(application))
        gtk_window_set_title(gcast(window), "SquareCam")
        gtk_window_set_icon_name(gcast(window), SquareCamApp.applicationID)
        gtk_window_set_default_size(gcast(window), 600, 760)

        stack = gtk_stack_new()
        // No transition: a page is whole the moment it shows (screenshots, slow machines).
        gtk_stack_set_transition_type(gcast(stack), GTK_STACK_TRANSITION_TYPE_NONE)
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(gcast(spinner))
        gtk_widget_set_size_request(spinner, 48, 48)
        WidgetStyle.describe(spinner, label: localized("Starting the camera…"))
        spinnerPage = Make.box(vertical: true, spacing: 12, [spinner, Make.label(localized("Starting the camera…"), classes: ["dim-label"])])
        gtk_widget_set_valign(spinnerPage, GTK_ALIGN_CENTER)
        gtk_stack_add_named(gcast(stack), spinnerPage, "starting")
        gtk_stack_add_named(gcast(stack), live.widget, "live")
        gtk_stack_add_named(gcast(stack), review.widget, "review")
        gtk_stack_add_named(gcast(stack), editor.widget, "editor")
        gtk_stack_add_named(gcast(stack), status.widget, "status")
        WidgetStyle.expand(stack)

        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(gcast(toasts), stack)

        cameraSwitcher = gtk_drop_down_new(nil, nil)
        WidgetStyle.describe(cameraSwitcher, label: localized("Camera"), tooltip: localized("Choose the Camera"))
        WidgetStyle.setVisible(cameraSwitcher, false)
        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(gcast(menuButton), "open-menu-symbolic")
        WidgetStyle.describe(menuButton, label: localized("Main Menu"), tooltip: localized("Main Menu (F10)"))

        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(gcast(header), Make.label("SquareCam", classes: ["title"]))
        adw_header_bar_pack_start(gcast(header), cameraSwitcher)
        adw_header_bar_pack_end(gcast(header), menuButton)
        let content = Make.box(vertical: true, spacing: 0, [header, toasts])
        adw_application_window_set_content(gcast(window), content)

        WidgetStyle.installStyleSheet(Self.styleSheet)
        installActions()
        installKeyboard()
        connectControls()
        flow.saveWithoutReview = preferences.saveWithoutReview
        live.viewfinder.showsGrid = preferences.showGrid
        gtk_toggle_button_set_active(gcast(live.gridButton), preferences.showGrid ? 1 : 0)
        live.showTimer(preferences.countdownSeconds)
        live.viewfinder.onFrameShown = { [weak self] in self?.frameShown() }
        Signal.connectReturning(window, "close-request") { [weak self] in
            self?.shutDown()
            return false
        }
    }

    func present() {
        gtk_window_present(gcast(window))
        send(.launch)
    }

    /// Sends an event to the capture flow and carries out its actions.
    func send(_ event: CaptureFlow.Event) {
        let actions: [CaptureFlow.Action]
        do {
            actions = try flow.handle(event)
        } catch {
            // A late or duplicate event (a second key press, a failure after
            // stopping) is harmless; it is logged for debugging, not shown.
            Log.line("squarecam: \(error)")
            return
        }
        Trace.line("\(event) → \(flow.state) \(actions)")
        showPage(for: flow.state)
        for action in actions { perform(action) }
    }

    /// Makes the page match the flow's state.
    func showPage(for state: CaptureFlow.State) {
        let page: String
        switch state {
        case .idle, .checkingPermission, .starting: page = "starting"
        case .live, .capturing: page = "live"
        case .reviewing, .saving: page = flow.saveWithoutReview && !review.hasPhoto ? "live" : "review"
        case .editing: page = "editor"
        case .askingPermission, .permissionDenied, .permissionRestricted, .noCamera, .failed, .disconnected:
            showStatus(for: state)
            page = "status"
        }
        WidgetStyle.setSensitive(live.shutterButton, state == .live)
        if case .saving = state {
            WidgetStyle.setSensitive(review.saveButton, false)
        } else {
            WidgetStyle.setSensitive(review.saveButton, true)
        }
        updateSwitcherVisibility()
        gtk_stack_set_visible_child_name(gcast(stack), page)
        if page != "live" { statistics.liveStopped(framesShown: live.viewfinder.framesShown) }
        scheduleRetry(for: state)
    }

    func shutDown() {
        countdownTask?.cancel()
        retryTask?.cancel()
        hotplugWatcher?.stop()
        statistics.liveStopped(framesShown: live.viewfinder.framesShown)
        if flow.state != .idle { send(.shutDown) }
    }

    private static let styleSheet = """
        .shutter { min-width: 72px; min-height: 72px; border-radius: 9999px; padding: 0;
                   background: white; color: #222; border: 5px solid alpha(@accent_bg_color, 0.6);
                   box-shadow: 0 1px 4px alpha(black, 0.4); }
        .shutter:hover { background: #eee; }
        .shutter:active { background: #ccc; }
        .shutter:disabled { opacity: 0.4; }
        .shutter:focus-visible { outline: 3px solid @accent_color; outline-offset: 3px; }
        .viewfinder { background: black; }
        .shutter-flash { background: white; }
        .countdown { font-size: 96px; font-weight: 800; color: white;
                     text-shadow: 0 2px 8px alpha(black, 0.7); }
        .crop-canvas { background: #141414; }
        .save-problem { background: alpha(@error_bg_color, 0.15); border-radius: 12px; }
        toastoverlay > toast { margin-bottom: 112px; }
        """
}
