import CGtk

/// The desktop's file chooser (the portal's where there is one), asked for
/// one path. Every GtkFileChooserNative call lives here.
@MainActor
enum FileChooser {
    /// Shows the chooser over `parent`, open in `folder` (or the nearest folder
    /// above it that exists; GTK's own choice is the working directory or Recent);
    /// `chosen` gets the path when the user accepts.
    static func choose(
        title: String, accept: String, parent: Widget, action: GtkFileChooserAction,
        folder: String? = nil, suggestedName: String? = nil, chosen: @escaping @MainActor (String) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(title, gcast(parent), action, accept, localized("_Cancel"))!
        let raw = UnsafeMutableRawPointer(chooser)
        if let folder = folder.flatMap({ FolderDisplay.nearestExisting($0) }), let file = g_file_new_for_path(folder) {
            // A folder that cannot be opened leaves GTK's choice: nothing worse than before.
            _ = gtk_file_chooser_set_current_folder(squarecam_file_chooser(raw), file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        if let suggestedName { gtk_file_chooser_set_current_name(squarecam_file_chooser(raw), suggestedName) }
        Signal.connectInt(raw, "response") { response in
            // The chooser keeps itself alive until it answers; it is freed here.
            defer { g_object_unref(raw) }
            if Trace.enabled { traceFolder(of: raw, title: title) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(squarecam_file_chooser(raw)) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            chosen(String(cString: path))
        }
        gtk_native_dialog_show(squarecam_native_dialog(raw))
    }

    /// The folder the chooser shows as it answers (where it opened, unless the user moved), for the tests.
    private static func traceFolder(of chooser: UnsafeMutableRawPointer, title: String) {
        let folder = gtk_file_chooser_get_current_folder(squarecam_file_chooser(chooser))
        defer { if let folder { g_object_unref(UnsafeMutableRawPointer(folder)) } }
        let path = folder.flatMap { g_file_get_path($0) }
        defer { if let path { g_free(path) } }
        Trace.line("file chooser '\(title)' answered in \(path.map { String(cString: $0) } ?? "no folder")")
    }
}
