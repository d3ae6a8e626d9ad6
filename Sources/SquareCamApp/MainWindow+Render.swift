import CGtk
import Foundation
import SquareCamController
import SquareCamCore

/// Drawing the controller's state: the page, the viewfinder, review, the
/// editor, the switcher; and telling its notices.
extension MainWindow {
    func render() {
        let state = controller.state
        let page = self.page(for: state)
        renderViewfinder(state)
        renderPhoto(state)
        renderClip(state)
        renderCapture(state)
        if page == "status" { renderStatus(state) } else { shown.status = nil }
        WidgetStyle.setSensitive(live.shutterButton, state == .live || state == .recording)
        WidgetStyle.setSensitive(review.saveButton, !state.isSaving)
        WidgetStyle.setSensitive(clipReview.saveButton, !state.isSavingClip)
        renderSaveProblem(state)
        if live.viewfinder.setCountdown(controller.countdown), let seconds = controller.countdown {
            // The digits are news for screen readers too.
            announcer.announce(String(seconds))
            LayoutAudit.trace("countdown", window: window)
        }
        live.showTimer(controller.preferences.countdownSeconds)
        renderSwitcher()
        renderLastPhoto()
        updateShortcuts()
        // The live page names it after its first frame (frameShown).
        if page != "starting" && page != "live" { showIcon() }
        if page != shown.page {
            let previous = shown.page
            shown.page = page
            // Laid out at the stack's size before it shows, so its first frame is whole.
            let areas = ["live": live.area, "review": review.area, "editor": editor.area, "clip": clipReview.area]
            let space = Size2D(width: Double(gtk_widget_get_width(stack)), height: Double(gtk_widget_get_height(stack)))
            areas[page]?.prepare(for: space)
            if page == "status" { status.prepare(for: space) }
            gtk_stack_set_visible_child_name(gcast(stack), page)
            if page != "live" { statistics.liveStopped(framesShown: live.viewfinder.framesShown) }
            focusMainButton(of: page, after: previous)
            traceControls()
        }
    }

    private func page(for state: CaptureFlow.State) -> String {
        switch state {
        case .idle, .checkingPermission, .starting, .askingPermission: "starting"
        case .live, .capturing, .recording, .finishingRecording: "live"
        case .reviewing, .saving: savesUnseen ? "live" : "review"
        case .reviewingClip: "clip"
        case .savingClip: clipReview.playingPath == nil ? "live" : "clip"
        case .editing: "editor"
        case .explainingPermission, .permissionPostponed, .permissionDenied, .permissionRestricted, .noCamera, .failed, .disconnected:
            "status"
        }
    }

    /// Saving without review: the photo is never shown, the live page stays.
    private var savesUnseen: Bool {
        controller.flow.saveWithoutReview && shown.reviewedPhoto == nil
    }

    private func focusMainButton(of page: String, after previous: String) {
        switch page {
        case "live": gtk_widget_grab_focus(live.shutterButton)
        // Back from the editor (Esc, Cancel) the focus is where the user left for it.
        case "review":
            gtk_widget_grab_focus(previous == "editor" ? review.editButton : review.saveButton)
            review.deselectProblem()
            Trace.line("review focus on \(previous == "editor" ? "edit" : "save"), problem text selected \(review.problemHasSelection)")
        case "clip": gtk_widget_grab_focus(clipReview.saveButton)
        case "editor": gtk_widget_grab_focus(editor.canvas)
        case "status": gtk_widget_grab_focus(status.primaryButton)
        default: break
        }
    }

    /// The viewfinder draws the controller's camera while live, holds still
    /// under review (the camera keeps streaming: zero shutter lag), and lets
    /// go of a camera that was stopped.
    private func renderViewfinder(_ state: CaptureFlow.State) {
        guard let camera = controller.camera else {
            if live.viewfinder.attachedCamera != nil { live.viewfinder.detach() }
            return
        }
        switch state {
        case .live, .capturing, .recording, .finishingRecording:
            live.viewfinder.paused = false
            if live.viewfinder.attachedCamera !== camera {
                // A new camera: mirrored when it faces the user (M changes it for this camera).
                live.viewfinder.mirrored = camera.cameraDescription.facing == .front
                gtk_toggle_button_set_active(gcast(live.mirrorButton), live.viewfinder.mirrored ? 1 : 0)
                live.viewfinder.attach(camera)
            } else if shown.page != "live" {
                // Back from review: frames at the viewfinder's size again.
                live.viewfinder.attach(camera)
            }
        case .reviewing, .editing, .saving, .reviewingClip, .savingClip:
            live.viewfinder.paused = true
        default:
            break
        }
    }

    /// The clip's review plays the recording the flow holds; saved without
    /// review, it is never shown.
    private func renderClip(_ state: CaptureFlow.State) {
        switch state {
        case .reviewingClip(let clip), .savingClip(let clip):
            if case .savingClip = state, clipReview.playingPath == nil { return }
            guard let path = controller.playablePath(for: clip), path != clipReview.playingPath else { return }
            clipReview.play(path)
            Trace.line("clip review playing \(clip)")
        default:
            if clipReview.playingPath != nil { clipReview.clear() }
        }
    }

    /// The mode switch, the shutter's face and the recording's time.
    func renderCapture(_ state: CaptureFlow.State) {
        let mode = controller.flow.mode
        let shutter: LivePage.Shutter = state.isRecording ? .stopRecording : mode == .video ? .startRecording : .takePhoto
        let seconds = controller.recordingStarted.map { Int(-$0.timeIntervalSinceNow) }
        renderCodeBar(state)
        renderFraming(state)
        live.showCapture(mode: mode, shutter: shutter, recordingSeconds: seconds, recordsSound: controller.preferences.recordSound)
        if seconds != nil, recordingClock == nil {
            recordingClock = RecordingClock { [weak self] in
                guard let self else { return }
                renderCapture(controller.state)
            }
            traceControls()  // the time's badge is on screen now
        } else if seconds == nil, let clock = recordingClock {
            clock.stop()
            recordingClock = nil
            traceControls()
        }
        if let seconds, seconds != shown.recordingSeconds {
            shown.recordingSeconds = seconds
            Trace.line("recording time \(clockText(seconds: seconds))")
        } else if seconds == nil {
            shown.recordingSeconds = nil
        }
    }

    private func renderCodeBar(_ state: CaptureFlow.State) {
        let text = state == .live ? controller.codeInView : nil
        guard live.codeBar.show(text) else { return }
        if let text {
            Trace.line("code bar shown \(text.debugDescription) open \(CodeBar.isWebLink(text))")
        } else {
            Trace.line("code bar hidden")
        }
        traceControls()
    }

    /// The review page and the editor follow the photo the flow holds.
    private func renderPhoto(_ state: CaptureFlow.State) {
        switch state {
        case .reviewing(let photo), .saving(let photo):
            if !savesUnseen { showReview(photo) }
            closeEditor()
        case .editing(let photo):
            openEditor(photo)
        default:
            if shown.reviewedPhoto != nil {
                shown.reviewedPhoto = nil
                review.clear()
            }
            closeEditor()
        }
    }

    /// The button beside the shutter shows the newest photo, loaded off the main thread.
    private func renderLastPhoto() {
        guard controller.lastPhoto != shown.lastPhoto else { return }
        shown.lastPhoto = controller.lastPhoto
        guard let path = controller.lastPhoto else {
            live.showLastPhoto(nil)
            return
        }
        let side = 52 * Int(max(1, gtk_widget_get_scale_factor(window)))
        Task { @MainActor in
            let image = await Task.detached { PhotoThumbnail.load(path: path, side: side) }.value
            guard self.shown.lastPhoto == path else { return }
            self.live.showLastPhoto(image)
            Trace.line("last photo \(image == nil ? "unreadable" : "shown"): \(path)")
            self.traceControls()
        }
    }

    /// Device pixels of the review picture: the review page's square once it
    /// has been laid out, else the viewfinder's (the same place on screen).
    var reviewSide: Int {
        max(review.view.devicePixelSize.width, review.view.devicePixelSize.height, live.viewfinder.devicePixelSide)
    }

    private func showReview(_ photo: CapturedPhoto) {
        guard shown.reviewedPhoto != photo, let shot = controller.shot(for: photo) else { return }
        shown.reviewedPhoto = photo
        // One scaling pass of the frame, a few milliseconds: review does not wait for the JPEG.
        guard let image = PhotoDeveloper.reviewImage(of: shot.frame, crop: photo.crop, side: reviewSide,
                                                         scaler: controller.displayScaler) else {
            showToast(localized("The photo could not be shown."))
            return
        }
        review.show(image: image)
        let statistics = self.statistics
        FrameClock.afterNextPaint(of: review.picture) { statistics.reviewShown() }
        traceReview(photo)
    }

    /// Why the save failed, under the photo, next to Save As…; the photo moves up to make room.
    private func renderSaveProblem(_ state: CaptureFlow.State) {
        let problem = controller.saveProblem
        guard problem != shown.saveProblem else { return }
        shown.saveProblem = problem
        let text = problem.map { localized("The photo was not saved. {reason}", ["reason": UserMessages.describe($0)]) }
        review.showProblem(text)
        if let text { Trace.line("save problem says: \(text)") }
        if let photo = state.photo { traceReview(photo) }
        traceControls()
    }

    private func traceReview(_ photo: CapturedPhoto) {
        guard Trace.enabled else { return }
        let picture = review.picture
        FrameClock.afterPaints(of: picture) { [weak self] in
            // Not once another photo or page shows: a line late under load
            // passed for the next photo's review in a test waiting for it.
            guard let self, shown.page == "review", shown.reviewedPhoto?.id == photo.id else { return }
            Trace.line("review showing at \(Trace.square(of: picture)) crop \(photo.crop)")
        }
    }

    private func openEditor(_ photo: CapturedPhoto) {
        guard shown.editedPhotoID != photo.id, let shot = controller.shot(for: photo) else { return }
        shown.editedPhotoID = photo.id
        let frame = shot.frame
        // Enough pixels for a sharp canvas at twice the window's size, not the whole sensor.
        let longSide = max(1600, 2 * reviewSide)
        let scaler = controller.displayScaler
        Task { @MainActor in
            let image = await Task.detached { PhotoDeveloper.editorImage(of: frame, longSide: longSide, scaler: scaler) }.value
            guard self.shown.editedPhotoID == photo.id else { return }
            guard let image else {
                self.showToast(localized("The photo could not be shown."))
                return
            }
            self.editor.open(image: image, frameSize: photo.frameSize, crop: photo.crop)
            if Trace.enabled {
                FrameClock.afterPaints(of: self.editor.canvas) { [weak self] in
                    // Only while this photo is still in the editor (as "review showing").
                    guard let self, shown.page == "editor", shown.editedPhotoID == photo.id else { return }
                    Trace.line("editor showing crop \(photo.crop)")
                }
            }
            gtk_widget_grab_focus(self.editor.canvas)
        }
    }

    private func closeEditor() {
        guard shown.editedPhotoID != nil else { return }
        shown.editedPhotoID = nil
        editor.close()
    }

    // MARK: Notices

    func tell(_ notice: CaptureNotice) {
        switch notice {
        case .shutter:
            statistics.shutter()
            live.viewfinder.playFlash()
            let sound = controller.preferences.shutterSound
            if sound { ShutterSound.play() }
            Trace.line("shutter sound \(sound ? "played" : "off")")
        case .saved(let path):
            showSaved(path, folder: savedFolderName(of: path))
        case .saveFailed(let problem):
            Trace.line("save problem shown: \(problem)")
            Log.line("squarecam: the photo was not saved: \(problem)")
        case .captureFailed(let reason):
            showToast(localized("The photo could not be taken: {reason}", ["reason": UserMessages.describe(reason)]))
        case .noPrivacySettings:
            showToast(localized("This desktop has no camera privacy settings. Make sure your account may use video devices (for example: sudo usermod -aG video $USER), log out and in again, then choose Try Again."))
        case .unsavedPhoto:
            askAboutUnsaved(.photo)
        case .unsavedRecording:
            askAboutUnsaved(.recording)
        case .recordingFailed(let problem):
            showToast(localized("The recording could not be made: {reason}", ["reason": UserMessages.describe(problem)]))
        case .clipSaved(let path):
            showSaved(path, folder: videoFolderName(of: path))
        case .recordingsRecovered(let paths):
            let folder = videoFolderName(of: paths[0])
            showToast(paths.count == 1
                ? localized("A recording that was cut off last time was recovered into {folder}.", ["folder": folder])
                : localized("{count} recordings that were cut off last time were recovered into {folder}.",
                            ["count": String(paths.count), "folder": folder]))
        case .recordingWithoutSound(.noMicrophone):
            showToast(localized("No microphone was found: recording without sound."))
        case .recordingWithoutSound(.silentMicrophone):
            showToast(localized("The microphone gives no sound: the recording goes on silent. Check it in the sound settings."))
        }
    }

    /// The folder a recording went to, as the user knows it.
    private func videoFolderName(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder == controller.videosFolder ? localized("Videos › Camera") : FolderDisplay.name(of: folder)
    }

    private func showSaved(_ path: String, folder: String) {
        let message = localized("Saved to {folder}", ["folder": folder])
        let toast = adw_toast_new(message)!
        // Its own title, which wraps: libadwaita's is cut short ("Saved to Pictures ›…") on a phone.
        let title = Make.wrappingLabel(message, classes: ["heading"])
        gtk_label_set_xalign(gcast(title), 0)
        adw_toast_set_custom_title(toast, title)
        adw_toast_set_button_label(toast, localized("_Open"))
        adw_toast_set_timeout(toast, 4)
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in
            guard let self else { return }
            Trace.line("opening saved photo \(path)")
            openPhoto(path)
        }
        adw_toast_overlay_add_toast(gcast(toasts), toast)
        toastShown(message, button: localized("_Open"))
        Trace.line("saved \(path)")
        if Trace.enabled {
            // Once its slide-in is over: where the toast and its buttons are drawn, for the tests
            // (`toast showing at X Y W H button at X Y W H dismiss X Y W H`: Open, then the ×).
            let overlay = toasts
            FrameClock.afterPaints(of: overlay, frames: 30) {
                guard let shown = Trace.descendant(of: overlay, cssName: "toast") else { return }
                let buttons = Trace.children(of: shown, cssName: "button")
                let open = buttons.first { Trace.descendant(of: $0, cssName: "label") != nil }
                let dismiss = buttons.first { $0 != open }
                Trace.line("toast showing at \(Trace.bounds(of: shown)) button at \(open.map { Trace.bounds(of: $0) } ?? "none")"
                           + " dismiss \(dismiss.map { Trace.bounds(of: $0) } ?? "none")")
            }
        }
    }

    /// The folder a photo went to, as the user knows it: "Pictures › Camera" for the
    /// default one (as Preferences name it), else home-relative ("~/Photos").
    private func savedFolderName(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if controller.preferences.saveFolder == nil && folder == controller.photosFolder { return localized("Pictures › Camera") }
        return FolderDisplay.name(of: folder)
    }

    func showToast(_ message: String) {
        let toast = adw_toast_new(message)!
        adw_toast_set_timeout(toast, 6)
        adw_toast_overlay_add_toast(gcast(toasts), toast)
        toastShown(message, button: nil)
        Log.line("squarecam: \(message)")
    }

    // MARK: Debug log

    /// The page's name in the layout audit: a status page by its kind, review after a failed save apart.
    private var auditName: String {
        switch shown.page {
        case "status": "status-" + Self.statusName(controller.state)
        case "review" where shown.saveProblem != nil: "review-save-failed"
        default: shown.page
        }
    }

    /// Where the page's buttons are, once drawn, for the layout tests:
    /// `controls PAGE in WxH: name x y w h; …` (window-surface pixels, and the surface's size).
    func traceControls() {
        guard Trace.enabled else { return }
        let name = auditName
        LayoutAudit.trace(name, window: window, stillShown: { [weak self] in self?.auditName == name })
        let named: [(String, Widget)] = switch shown.page {
        case "live": [("shutter", live.shutterButton), ("photo-mode", live.photoModeButton), ("video-mode", live.videoModeButton),
                      ("microphone", live.microphoneButton), ("recording-time", live.recordingBadge),
                      ("timer", live.timerButton), ("zoom", live.zoomButton), ("switch", live.switchButton),
                      ("mirror", live.mirrorButton), ("grid", live.gridButton), ("circle", live.circleButton),
                      ("code-copy", live.codeBar.copyButton), ("code-open", live.codeBar.openButton),
                      ("thumbnail", live.thumbnailButton)]
        case "review": [("retake", review.retakeButton), ("edit", review.editButton), ("save", review.saveButton),
                        ("save-as", review.saveAsButton)]
        case "clip": [("retake", clipReview.retakeButton), ("save", clipReview.saveButton), ("clip", clipReview.video)]
        case "editor": [("reset", editor.resetButton), ("zoom-out", editor.zoomOutButton), ("zoom-in", editor.zoomInButton),
                        ("cancel", editor.cancelButton), ("save-square", editor.doneButton), ("save-round", editor.roundButton),
                        ("crop-square", editor.canvas)]
        case "status": [("primary", status.primaryButton), ("secondary", status.secondaryButton), ("command", status.commandLabel)]
        default: []
        }
        traceControls(page: shown.page, named: [("menu", menuButton), ("leave-fullscreen", leaveFullscreenButton)] + named)
    }

    /// The line for `page`'s `named` controls after the next paint. A control
    /// shown in that moment (the menu, as the header bar moves into a phone's
    /// landscape page) is mapped but has no size until the next layout: the
    /// line waits for it, up to `retries` more rounds of paints (a frame
    /// clock tick keeps them coming), then says what there is.
    private func traceControls(page: String, named: [(String, Widget)], retries: Int = 3) {
        let window = self.window
        FrameClock.afterPaints(of: window) { [weak self] in
            // Only while the page is still shown (as the audit does): late under load, a line
            // named a page that had gone, with none of its controls mapped.
            guard let self, self.shown.page == page else { return }
            let shown = named.filter { gtk_widget_get_mapped($0.1) != 0 }
            let unsized = shown.contains { gtk_widget_get_width($0.1) == 0 || gtk_widget_get_height($0.1) == 0 }
            if unsized && retries > 0 { return self.traceControls(page: page, named: named, retries: retries - 1) }
            let list = shown.map { "\($0.0) \(Trace.bounds(of: $0.1))" }.joined(separator: "; ")
            // The surface's size, as the bounds are in surface pixels (a window drawn with its own
            // shadow has a surface larger than the window), when these bounds were laid out.
            let size = Trace.laidOutSize(of: window)
            Trace.line("controls \(page) in \(size.width)x\(size.height): \(list)")
        }
    }
}
