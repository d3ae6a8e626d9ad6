import CGtk
import SquareCamController
import SquareCamCore

/// Closing the window (its close button, Ctrl+W, Ctrl+Q) or the session
/// ending (SIGTERM): the flow decides whether to ask, wait or close; a photo
/// not yet saved is never lost on the way out.
extension MainWindow {
    /// "close-request": true lets the window close now. Otherwise the flow
    /// asks about the photo or recording (`askAboutUnsaved`) or waits for the one
    /// being written, and `onClose` closes the window later.
    func closeRequested() -> Bool {
        if !controller.hasClosed {
            handlingCloseRequest = true
            controller.send(.close)
            handlingCloseRequest = false
        }
        guard controller.hasClosed else {
            if controller.state.isSaving || controller.state.isSavingClip { Trace.line("close waits for the photo being saved") }
            return false
        }
        statistics.liveStopped(framesShown: live.viewfinder.framesShown)
        // GTK disposes the window now; work that finishes later (the newest
        // photo's scan, a camera stopping) must not draw into it: rendering a
        // disposed window crashed in g_action_map_lookup_action (AddressSanitizer).
        controller.onChange = nil
        controller.onNotice = nil
        controller.onClose = nil
        return true
    }

    /// The controller's `onClose`: the camera is stopped and nothing is left to lose.
    func closeAllowed() {
        unsavedPhotoDialog?.dismiss()
        // Inside "close-request" the answer itself lets the window close.
        if !handlingCloseRequest { gtk_window_close(gcast(window)) }
    }

    /// The controller's `.unsavedPhoto` and `.unsavedRecording` notices: Save / Discard / Cancel.
    func askAboutUnsaved(_ work: UnsavedWorkDialog.Work) {
        guard unsavedPhotoDialog?.isOpen != true else { return }
        let dialog = UnsavedWorkDialog(about: work, parent: window) { [weak self] answer in
            guard let self else { return }
            Trace.line("unsaved \(work.rawValue): \(answer.rawValue)")
            switch answer {
            case .save: saveAndClose()
            case .discard: controller.send(.discardAndClose)
            case .cancel: break
            }
        }
        unsavedPhotoDialog = dialog
        LayoutAudit.watch(dialog.widget, as: "close-confirmation")
        dialog.present()
        Trace.line("asking about the unsaved \(work.rawValue)")
    }

    /// SIGTERM, SIGINT, SIGHUP (logout, `kill`): nobody is there to answer a
    /// question, so the photo on screen is saved into the photos folder and the
    /// app closes once it is written.
    func sessionEnding() {
        // A second signal (logout sends SIGTERM then SIGHUP; `timeout` signals
        // the app and its group) may come once the window is gone.
        guard !controller.hasClosed else { return }
        Trace.line("session ending")
        unsavedPhotoDialog?.dismiss()
        saveAndClose()
    }

    /// Saves the photo, then closes. In the editor, the square it frames is
    /// the one saved, as its Save Square button would.
    private func saveAndClose() {
        if controller.state.isEditing, editor.showsPhoto { editDone() }
        controller.send(.saveAndClose)
    }
}
