import CGtk

/// Opening things outside the app: the photo in the default viewer, its
/// folder in the file manager, the desktop's privacy settings.
@MainActor
enum Launcher {
    /// Opens a file with the desktop's default application for its type; false when
    /// there is none (or it could not start): the reason is only in the log.
    static func openFile(_ path: String) -> Bool {
        guard let file = g_file_new_for_path(path) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return open(file, what: path)
    }

    /// Opens the folder holding `path` with the desktop's file manager; false when there is none.
    static func openFolder(containing path: String) -> Bool {
        guard let file = g_file_new_for_path(path) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let folder = g_file_get_parent(file) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        return open(folder, what: "the folder of \(path)")
    }

    /// Opens an http(s) address in the default browser; false when none could.
    static func openWebAddress(_ address: String) -> Bool {
        launch(uri: address, what: address)
    }

    private static func open(_ file: OpaquePointer, what: String) -> Bool {
        let uri = g_file_get_uri(file)
        defer { g_free(uri) }
        return launch(uri: uri.map { String(cString: $0) } ?? "", what: what)
    }

    private static func launch(uri: String, what: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(uri, nil, &error) == 0 else { return true }
        let reason = error.map { String(cString: $0.pointee.message) } ?? "no reason given"
        Log.line("squarecam: could not open \(what): \(reason)")
        if let error { g_error_free(error) }
        return false
    }

    /// GNOME 42+ and KDE Plasma, in that order; other desktops have no camera page.
    private static let privacySettingsCommands: [[String]] = [["gnome-control-center", "camera"], ["systemsettings", "kcm_camera"]]

    /// Whether this desktop has camera privacy settings to open.
    static var hasPrivacySettings: Bool {
        privacySettingsCommands.contains { isInstalled($0[0]) }
    }

    /// Opens the desktop's camera privacy settings; false when there are none.
    static func openPrivacySettings() -> Bool {
        for command in privacySettingsCommands where isInstalled(command[0]) {
            var error: UnsafeMutablePointer<GError>?
            let launched = command.joined(separator: " ").withCString { g_spawn_command_line_async($0, &error) }
            if launched != 0 { return true }
            if let error { g_error_free(error) }
        }
        return false
    }

    private static func isInstalled(_ program: String) -> Bool {
        guard let found = g_find_program_in_path(program) else { return false }
        g_free(found)
        return true
    }
}

/// The desktop's clipboard (Ctrl+V in a terminal or editor).
@MainActor
enum Clipboard {
    static func setText(_ text: String, of widget: Widget) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }
}
