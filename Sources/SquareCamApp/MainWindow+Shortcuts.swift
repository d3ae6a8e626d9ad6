import CGtk
import SquareCamController
import SquareCamCore

/// Every shortcut is a window action with accelerators: GTK matches them on
/// any keyboard layout, the shortcuts window (Ctrl+?) lists them, and an
/// action that makes no sense on the page is disabled, so its key goes to
/// the focused widget instead. Enter and Space on review and editor buttons
/// stay the buttons'; the page's main button is the window's default.
extension MainWindow {
    /// One shortcut: an action, its keys, what it does in words, and when it may run.
    struct Shortcut {
        enum Group: CaseIterable { case camera, review, editor, window }
        var action: String
        var keys: [String]
        var group: Group
        /// For the shortcuts window; nil: not listed there (a variant of another).
        var title: String?
        /// The keys the shortcuts window shows, when not all of `keys`: a layout's stand-in
        /// ("=" for "+", unshifted) works without being listed beside the key it stands for.
        var listedKeys: [String]? = nil
        var enabled: @MainActor (MainWindow) -> Bool
        var run: @MainActor (MainWindow) -> Void
    }

    /// Every shortcut; made once per window, after the translations are loaded.
    static func makeShortcuts() -> [Shortcut] { [
        // The shutter keys, unless a control other than the shutter has the focus (it gets them: MainWindow+Focus).
        .init(action: "shutter", keys: ["space", "Return", "KP_Enter"], group: .camera,
              title: localized("Take a photo, or start and stop recording (again: stop the countdown)"),
              enabled: { ($0.controller.state == .live || $0.controller.state == .recording || $0.controller.countdown != nil) && $0.shutterKeysAreFree },
              run: { $0.controller.shutterPressed() }),
        .init(action: "cancel-countdown", keys: ["Escape"], group: .camera, title: localized("Stop the countdown"), enabled: { $0.controller.countdown != nil },
              run: { $0.controller.shutterPressed() }),
        .init(action: "video-mode", keys: ["v"], group: .camera, title: localized("Photo or video"), enabled: { $0.controller.state == .live },
              run: { $0.controller.toggleMode() }),
        .init(action: "timer", keys: ["t"], group: .camera, title: localized("Countdown: off, 3 or 10 seconds"), enabled: { $0.controller.state == .live }, run: { $0.controller.cycleCountdown() }),
        .init(action: "grid", keys: ["g"], group: .camera, title: localized("Rule-of-thirds grid"), enabled: { $0.controller.state == .live },
              run: { $0.setGrid(!$0.live.viewfinder.showsGrid) }),
        .init(action: "circle", keys: ["o"], group: .camera, title: localized("Round avatar guide"),
              enabled: { $0.controller.state == .live || $0.controller.state.isEditing },
              run: { $0.setCircle(!$0.live.viewfinder.showsCircle) }),
        .init(action: "follow-faces", keys: ["f"], group: .camera, title: localized("Follow the face"),
              enabled: { $0.controller.canFrame && $0.controller.canFollowFaces },
              run: { $0.controller.setFollowingFaces(!$0.controller.followsFaces) }),
        .init(action: "camera-zoom-in", keys: ["plus", "equal", "KP_Add"], group: .camera, title: localized("Zoom in"), listedKeys: ["plus"],
              enabled: { $0.controller.canFrame }, run: { $0.controller.zoom(bySteps: 1) }),
        .init(action: "camera-zoom-out", keys: ["minus", "underscore", "KP_Subtract"], group: .camera, title: localized("Zoom out"), listedKeys: ["minus"],
              enabled: { $0.controller.canFrame }, run: { $0.controller.zoom(bySteps: -1) }),
        .init(action: "camera-zoom-reset", keys: ["0", "KP_0"], group: .camera, title: localized("The whole frame, centred (1×)"),
              enabled: { $0.controller.canFrame }, run: { $0.controller.resetFraming() }),
        .init(action: "mirror", keys: ["m"], group: .camera, title: localized("Mirror the viewfinder"), enabled: { $0.controller.state == .live },
              run: { $0.setMirrored(!$0.live.viewfinder.mirrored) }),
        .init(action: "next-camera", keys: ["c"], group: .camera, title: localized("Next camera"), enabled: { $0.controller.state == .live && $0.controller.cameras.count > 1 },
              run: { $0.switchToNextCamera() }),
        // Enter: the review page's default button, Save.
        .init(action: "save", keys: ["<Control>s"], group: .review, title: localized("Save the photo or video"), listedKeys: ["<Control>s", "Return"],
              enabled: { $0.controller.state.isReviewing || $0.controller.state.isReviewingClip }, run: { $0.controller.send(.save) }),
        .init(action: "retake", keys: ["r"], group: .review, title: localized("Retake"),
              enabled: { $0.controller.state.isReviewing || $0.controller.state.isReviewingClip }, run: { $0.controller.send(.retake) }),
        .init(action: "edit", keys: ["e"], group: .review, title: localized("Choose the square"), enabled: { $0.controller.state.isReviewing }, run: { $0.controller.send(.edit) }),
        .init(action: "cancel-edit", keys: ["Escape"], group: .editor, title: localized("Back to the photo"), enabled: { $0.controller.state.isEditing }, run: { $0.controller.send(.cancel) }),
        .init(action: "zoom-in", keys: ["plus", "equal", "KP_Add"], group: .editor, title: localized("Zoom in"), listedKeys: ["plus"], enabled: { $0.controller.state.isEditing },
              run: { $0.editor.zoomIn() }),
        .init(action: "zoom-out", keys: ["minus", "underscore", "KP_Subtract"], group: .editor, title: localized("Zoom out"), listedKeys: ["minus"], enabled: { $0.controller.state.isEditing },
              run: { $0.editor.zoomOut() }),
        .init(action: "reset-crop", keys: ["0", "KP_0"], group: .editor, title: localized("The widest centred square"), enabled: { $0.controller.state.isEditing }, run: { $0.editor.reset() }),
        .init(action: "nudge-left", keys: ["Left"], group: .editor, title: localized("Move the square"), enabled: { $0.controller.state.isEditing }, run: { $0.editor.nudge(dx: -1, dy: 0) }),
        .init(action: "nudge-right", keys: ["Right"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing }, run: { $0.editor.nudge(dx: 1, dy: 0) }),
        .init(action: "nudge-up", keys: ["Up"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing }, run: { $0.editor.nudge(dx: 0, dy: -1) }),
        .init(action: "nudge-down", keys: ["Down"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing }, run: { $0.editor.nudge(dx: 0, dy: 1) }),
        .init(action: "nudge-far-left", keys: ["<Shift>Left"], group: .editor, title: localized("Move the square further"), enabled: { $0.controller.state.isEditing },
              run: { $0.editor.nudge(dx: -10, dy: 0) }),
        .init(action: "nudge-far-right", keys: ["<Shift>Right"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing },
              run: { $0.editor.nudge(dx: 10, dy: 0) }),
        .init(action: "nudge-far-up", keys: ["<Shift>Up"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing },
              run: { $0.editor.nudge(dx: 0, dy: -10) }),
        .init(action: "nudge-far-down", keys: ["<Shift>Down"], group: .editor, title: nil, enabled: { $0.controller.state.isEditing },
              run: { $0.editor.nudge(dx: 0, dy: 10) }),
        .init(action: "fullscreen", keys: ["F11"], group: .window, title: localized("Fullscreen"), enabled: { _ in true }, run: { $0.toggleFullscreen() }),
        .init(action: "leave-fullscreen", keys: ["Escape"], group: .window, title: localized("Leave fullscreen"), enabled: { $0.isFullscreen && $0.controller.countdown == nil && !$0.controller.state.isEditing },
              run: { $0.toggleFullscreen() }),
        .init(action: "preferences", keys: ["<Control>comma"], group: .window, title: localized("Preferences"), enabled: { _ in true },
              run: { $0.showPreferences() }),
        .init(action: "shortcuts", keys: ["<Control>question"], group: .window, title: ShortcutsWindow.title, enabled: { _ in true },
              run: { $0.showShortcuts() }),
        // No single habitual key closes the window: Esc never does.
        .init(action: "close", keys: ["<Control>w", "<Control>q"], group: .window, title: localized("Close SquareCam"), enabled: { _ in true },
              run: { gtk_window_close(gcast($0.window)) }),
    ] }

    func installShortcuts() {
        shortcuts = Self.makeShortcuts()
        for shortcut in shortcuts {
            let action = g_simple_action_new(shortcut.action, nil)!
            Signal.connectPointer(UnsafeMutableRawPointer(action), "activate") { [weak self] _ in
                guard let self, shortcut.enabled(self) else { return }
                shortcut.run(self)
                self.updateShortcuts()
            }
            g_action_map_add_action(squarecam_action_map(window), gcast(action))
            g_object_unref(UnsafeMutableRawPointer(action))
            Self.setAccelerators(application, action: "win." + shortcut.action, keys: shortcut.keys)
        }
        Signal.connectPointer(window, "notify::fullscreened") { [weak self] _ in self?.fullscreenChanged() }
    }

    /// What the shortcuts window lists: the accelerators (variants on their family's row, the
    /// keypad's twins left out: they are the same key to the user), then the keys that
    /// widgets handle themselves.
    var listedShortcuts: [ShortcutsWindow.Entry] {
        let accelerators = shortcuts.compactMap { shortcut -> ShortcutsWindow.Entry? in
            guard let title = shortcut.title else { return nil }
            // Variants (Shift+arrows beside arrows) are listed as one row with all their keys.
            let variants = shortcuts.filter { $0.title == nil && $0.group == shortcut.group && Self.sameFamily($0.action, shortcut.action) }
            let keys = ([shortcut] + variants).flatMap { $0.listedKeys ?? $0.keys }.filter { !$0.hasPrefix("KP_") }
            return .init(group: shortcut.group, title: title, keys: keys)
        }
        return accelerators + [
            // The editor's default button (`updateShortcuts`).
            .init(group: .editor, title: localized("Save this square as the photo"), keys: ["Return"]),
            // The main menu button is the window's primary menu: GTK opens it on F10.
            .init(group: .window, title: localized("Main Menu"), keys: ["F10"]),
        ]
    }

    /// "nudge-right" belongs with "nudge-left", "nudge-far-up" with "nudge-far-left".
    private static func sameFamily(_ variant: String, _ listed: String) -> Bool {
        let family = { (name: String) in name.split(separator: "-").dropLast().joined(separator: "-") }
        return family(variant) == family(listed)
    }

    /// Ctrl+? and the menu's Keyboard Shortcuts: made anew each time, closed like any dialog.
    func showShortcuts() {
        let shown = ShortcutsWindow.make(listedShortcuts, parent: window)
        LayoutAudit.watch(shown, as: "shortcuts")
        returnsFocusToShutter(whenClosed: shown)
        gtk_window_present(gcast(shown))
        Trace.line("shortcuts window shown")
        Trace.dialogShown(shown, name: "shortcuts")
    }

    /// Enables each shortcut's action exactly when it may run, so a disabled
    /// one's key reaches the focused widget.
    func updateShortcuts() {
        for shortcut in shortcuts {
            guard let action = g_action_map_lookup_action(squarecam_action_map(window), shortcut.action) else { continue }
            g_simple_action_set_enabled(gcast(action), shortcut.enabled(self) ? 1 : 0)
        }
        // Enter on the review and editor pages: their main button, unless another button has the focus.
        let defaultButton: Widget? = switch controller.state {
        case .reviewing: review.saveButton
        case .reviewingClip: clipReview.saveButton
        case .editing: editor.doneButton
        default: nil
        }
        gtk_window_set_default_widget(gcast(window), defaultButton)
    }

    private static func setAccelerators(_ application: UnsafeMutablePointer<AdwApplication>, action: String, keys: [String]) {
        withCStringArray(keys) { gtk_application_set_accels_for_action(squarecam_gtk_application(application), action, $0) }
    }

    /// C: the next camera in the list.
    func switchToNextCamera() {
        controller.switchToNextCamera()
        if let chosen = controller.preferredCameraID { Trace.line("camera chosen \(chosen)") }
    }

    func editDone(shape: CapturedPhoto.Shape = .square) {
        controller.send(.editDone(crop: editor.crop.rect, shape: shape))
    }

    var isFullscreen: Bool { gtk_window_is_fullscreen(gcast(window)) != 0 }

    /// Fullscreen is the picture alone: the header bar goes with the window's frame.
    /// (Under a bare X server with no window manager, fullscreen never happens.)
    private func fullscreenChanged() {
        WidgetStyle.setVisible(header, !isFullscreen)
        WidgetStyle.setVisible(leaveFullscreenButton, isFullscreen)
        updateShortcuts()
        Trace.line("fullscreen \(isFullscreen) header \(isFullscreen ? "hidden" : "shown")")
        traceControls()
    }

    func toggleFullscreen() {
        if isFullscreen {
            gtk_window_unfullscreen(gcast(window))
        } else {
            gtk_window_fullscreen(gcast(window))
        }
        Trace.line("fullscreen toggled")
    }
}

/// The states the window asks about by kind, whatever photo they hold.
extension CaptureFlow.State {
    var isSaving: Bool {
        if case .saving = self { true } else { false }
    }

    var isReviewing: Bool {
        if case .reviewing = self { true } else { false }
    }

    var isEditing: Bool {
        if case .editing = self { true } else { false }
    }

    var isReviewingClip: Bool {
        if case .reviewingClip = self { true } else { false }
    }

    var isSavingClip: Bool {
        if case .savingClip = self { true } else { false }
    }
}
