import CGtk
import SquareCamController
import SquareCamCore

/// Buttons, the camera switcher and the main menu.
extension MainWindow {
    func connectControls() {
        Signal.connect(live.shutterButton, "clicked") { [weak self] in self?.controller.shutterPressed() }
        Signal.connect(live.switchButton, "clicked") { [weak self] in self?.switchToNextCamera() }
        Signal.connect(live.thumbnailButton, "clicked") { [weak self] in
            guard let path = self?.controller.lastPhoto else { return }
            Trace.line("opening last photo \(path)")
            self?.openPhoto(path)
        }
        live.area.onPlaced = { [weak self] size in
            self?.updateSwitcherVisibility()
            self?.placeToasts(in: size)
            self?.traceControls()
        }
        review.area.onPlaced = { [weak self] _ in self?.traceControls() }
        editor.area.onPlaced = { [weak self] _ in self?.traceControls() }
        status.onPlaced = { [weak self] in self?.traceControls() }
        Signal.connect(live.timerButton, "clicked") { [weak self] in self?.controller.cycleCountdown() }
        Signal.connect(live.gridButton, "toggled") { [weak self] in
            guard let self else { return }
            setGrid(gtk_toggle_button_get_active(gcast(live.gridButton)) != 0)
        }
        Signal.connect(live.circleButton, "toggled") { [weak self] in
            guard let self else { return }
            setCircle(gtk_toggle_button_get_active(gcast(live.circleButton)) != 0)
        }
        Signal.connect(live.codeBar.copyButton, "clicked") { [weak self] in
            guard let self, let text = live.codeBar.shownText else { return }
            Clipboard.setText(text, of: window)
            Trace.line("code copied")
            showToast(localized("The code's text is on the clipboard"))
        }
        Signal.connect(live.codeBar.openButton, "clicked") { [weak self] in
            guard let self, let text = live.codeBar.shownText, CodeBar.isWebLink(text) else { return }
            Trace.line("code opened")
            if !Launcher.openWebAddress(text) { showToast(localized("No web browser could open the address")) }
        }
        Signal.connect(live.mirrorButton, "toggled") { [weak self] in
            guard let self else { return }
            setMirrored(gtk_toggle_button_get_active(gcast(live.mirrorButton)) != 0)
        }
        Signal.connect(live.videoModeButton, "toggled") { [weak self] in
            guard let self else { return }
            let video = gtk_toggle_button_get_active(gcast(live.videoModeButton)) != 0
            controller.chooseMode(video ? .video : .photo)
            // Refused (a recording runs): the buttons go back to the flow's mode.
            renderCapture(controller.state)
        }
        Signal.connect(live.microphoneButton, "toggled") { [weak self] in
            guard let self else { return }
            let on = gtk_toggle_button_get_active(gcast(live.microphoneButton)) != 0
            guard on != controller.preferences.recordSound else { return }
            controller.setRecordSound(on)
            Trace.line("record sound \(on)")
        }
        Signal.connect(clipReview.retakeButton, "clicked") { [weak self] in self?.controller.send(.retake) }
        Signal.connect(clipReview.saveButton, "clicked") { [weak self] in self?.controller.send(.save) }
        clipReview.area.onPlaced = { [weak self] _ in self?.traceControls() }
        LayoutAudit.watchReveals(in: clipReview.video, as: "clip-controls")
        clipReview.onPlayback = { seconds, error in
            if let error {
                Log.line("squarecam: the recording could not be played: \(error)")
                Trace.line("clip review failed: \(error)")
            } else if let seconds {
                Trace.line("clip review plays at \(seconds) s")
            }
        }
        Signal.connect(review.retakeButton, "clicked") { [weak self] in self?.controller.send(.retake) }
        Signal.connect(review.editButton, "clicked") { [weak self] in self?.controller.send(.edit) }
        Signal.connect(review.saveButton, "clicked") { [weak self] in self?.controller.send(.save) }
        Signal.connect(review.saveAsButton, "clicked") { [weak self] in self?.chooseSaveAsPath() }
        Signal.connect(editor.cancelButton, "clicked") { [weak self] in self?.controller.send(.cancel) }
        Signal.connect(editor.resetButton, "clicked") { [weak self] in self?.editor.reset() }
        Signal.connect(editor.zoomInButton, "clicked") { [weak self] in self?.editor.zoomIn() }
        Signal.connect(editor.zoomOutButton, "clicked") { [weak self] in self?.editor.zoomOut() }
        Signal.connect(editor.doneButton, "clicked") { [weak self] in self?.editDone() }
        Signal.connect(editor.roundButton, "clicked") { [weak self] in self?.editDone(shape: .round) }
        cameraSwitcher.onChosen = { [weak self] id in
            guard let self, id != controller.currentCameraID else { return }
            Trace.line("camera chosen \(id)")
            controller.chooseCamera(id: id)
        }
        Signal.connect(leaveFullscreenButton, "clicked") { [weak self] in
            guard let self, isFullscreen else { return }
            toggleFullscreen()
        }
    }

    func setGrid(_ shown: Bool) {
        controller.preferences.showGrid = shown
        live.viewfinder.showsGrid = shown
        if (gtk_toggle_button_get_active(gcast(live.gridButton)) != 0) != shown {
            gtk_toggle_button_set_active(gcast(live.gridButton), shown ? 1 : 0)
        }
    }

    /// The round avatar guide, over the viewfinder and in the editor alike.
    func setCircle(_ shown: Bool) {
        controller.preferences.showCircle = shown
        live.viewfinder.showsCircle = shown
        editor.showsCircle = shown
        if (gtk_toggle_button_get_active(gcast(live.circleButton)) != 0) != shown {
            gtk_toggle_button_set_active(gcast(live.circleButton), shown ? 1 : 0)
        }
    }

    func setMirrored(_ mirrored: Bool) {
        live.viewfinder.mirrored = mirrored
        if (gtk_toggle_button_get_active(gcast(live.mirrorButton)) != 0) != mirrored {
            gtk_toggle_button_set_active(gcast(live.mirrorButton), mirrored ? 1 : 0)
        }
    }

    // MARK: Camera switcher

    /// The switcher lists the controller's cameras, the open one selected.
    func renderSwitcher() {
        cameraSwitcher.show(controller.cameras, current: controller.currentCameraID)
        updateSwitcherVisibility()
    }

    /// With a choice of cameras: the on-screen switch always, and on a wide
    /// window also the header's list of them by name (a phone's header has no room).
    func updateSwitcherVisibility() {
        let choice = cameraSwitcher.cameras.count > 1 && [.live, .starting].contains(controller.state)
        WidgetStyle.setVisible(live.switchButton, choice)
        let shown = choice && gtk_widget_get_width(window) >= 560
        if cameraSwitcher.setShown(shown) {
            Trace.line("switcher \(shown ? "shown" : "hidden") with \(cameraSwitcher.cameras.count) cameras")
        }
    }

    // MARK: Menu

    /// The main menu; Preferences and Keyboard Shortcuts are shortcuts' actions (Ctrl+, and Ctrl+?).
    func installActions() {
        addAction("about") { $0.showAbout() }

        // The shortcuts window's item and its title are one string (they differed in Korean).
        let items = [(localized("_Preferences"), "win.preferences"), (ShortcutsWindow.title, "win.shortcuts"),
                     (localized("About SquareCam"), "win.about")]
        let menu = g_menu_new()!
        for (label, action) in items { g_menu_append(menu, label, action) }
        gtk_menu_button_set_menu_model(gcast(menuButton), gcast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        Trace.line("main menu items: \(items.map { WidgetStyle.plainLabel($0.0) }.joined(separator: " | "))")
        if let popover = gtk_menu_button_get_popover(gcast(menuButton)) {
            let raw = UnsafeMutableRawPointer(popover)
            Signal.connectPointer(raw, "notify::visible") { _ in
                Trace.line("main menu open \(gtk_widget_get_visible(raw.assumingMemoryBound(to: GtkWidget.self)) != 0)")
            }
        }
    }

    private func addAction(_ name: String, _ run: @escaping @MainActor (MainWindow) -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectPointer(UnsafeMutableRawPointer(action), "activate") { [weak self] _ in
            guard let self else { return }
            run(self)
        }
        g_action_map_add_action(squarecam_action_map(window), gcast(action))
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    func showPreferences() {
        let window = PreferencesWindow(parent: self.window, controller: controller) { [weak self] on in
            self?.controller.setSaveWithoutReview(on)
        }
        window.onChange = { [weak self] in self?.controller.reloadLastPhoto() }
        returnsFocusToShutter(whenClosed: window.window)
        LayoutAudit.watch(window.window, as: "preferences")
        window.present()
        preferencesWindow = window
    }

    private func showAbout() {
        let about = adw_about_window_new()!
        adw_about_window_set_application_name(gcast(about), "SquareCam")
        adw_about_window_set_application_icon(gcast(about), SquareCamApp.applicationID)
        adw_about_window_set_version(gcast(about), SquareCamVersion.number)
        adw_about_window_set_comments(gcast(about), localized("Square photos: what you see in the square is exactly what is saved."))
        adw_about_window_set_license_type(gcast(about), GTK_LICENSE_MIT_X11)
        // 360 px wide at most, and as tall as it needs unless the window is shorter (its pages scroll).
        let height = gtk_widget_get_height(window)
        DialogSize.fit(about, within: window, width: 360, height: height < 480 ? height : -1)
        gtk_window_set_transient_for(gcast(about), gcast(window))
        returnsFocusToShutter(whenClosed: about)
        LayoutAudit.watch(about, as: "about")
        TextWrap.wrapsAsProse(everyWrappingLabelIn: about)
        gtk_window_present(gcast(about))
        Trace.dialogShown(about, name: "about")
    }

    // MARK: Save As…

    func chooseSaveAsPath() {
        guard let photo = controller.flow.photo else { return }
        let date = controller.shot(for: photo)?.date ?? .now
        FileChooser.choose(title: localized("Save Photo As"), accept: localized("_Save"), parent: window,
                           action: GTK_FILE_CHOOSER_ACTION_SAVE, folder: controller.photosFolder,
                           suggestedName: PhotoFileName(fileExtension: photo.shape.fileExtension).name(for: date, sequence: 1)) { [weak self] path in
            self?.controller.send(.saveAs(path: path))
        }
    }
}
