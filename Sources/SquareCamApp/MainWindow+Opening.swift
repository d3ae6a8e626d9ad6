import CGtk

/// Open on the "Saved" toast and the last photo: the photo in the desktop's
/// viewer, or — with none set up — a dialog that says so and offers the folder.
extension MainWindow {
    func openPhoto(_ path: String) {
        guard !Launcher.openFile(path) else {
            Trace.line("photo opened \(path)")
            return
        }
        showPhotoNotOpened(path, .noViewer)
    }

    private func showPhotoNotOpened(_ path: String, _ kind: PhotoNotOpenedDialog.Kind) {
        let dialog = PhotoNotOpenedDialog(parent: window, path: path, kind: kind) { [weak self] in
            guard let self else { return }
            if Launcher.openFolder(containing: path) {
                Trace.line("folder opened for \(path)")
            } else {
                showPhotoNotOpened(path, .noFileManager)
            }
        }
        photoNotOpenedDialog = dialog
        returnsFocusToShutter(whenClosed: dialog.widget)
        dialog.present()
    }
}
