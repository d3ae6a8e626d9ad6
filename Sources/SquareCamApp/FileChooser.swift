import CGtk

/// The desktop's file chooser (the portal's where there is one), asked for
/// one path. Every GtkFileChooserNative call lives here.
@MainActor
enum FileChooser {
    /// Shows the chooser over `parent`; `chosen` gets the path when the user accepts.
    static func choose(
        title: String, accept: String, parent: Widget, action: GtkFileChooserAction,
        suggestedName: String? = nil, chosen: @escaping @MainActor (String) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(title, gcast(parent), action, accept, localized("_Cancel"))!
        let raw = UnsafeMutableRawPointer(chooser)
        if let suggestedName { gtk_file_chooser_set_current_name(squarecam_file_chooser(raw), suggestedName) }
        Signal.connectInt(raw, "response") { response in
            // The chooser keeps itself alive until it answers; it is freed here.
            defer { g_object_unref(raw) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(squarecam_file_chooser(raw)) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            chosen(String(cString: path))
        }
        gtk_native_dialog_show(squarecam_native_dialog(raw))
    }
}
