import CGtk

/// Said on screen when Open (on the "Saved" toast, or the last photo) finds
/// no app to show the photo — before, only the log said so and the click did
/// nothing. It offers the photo's folder instead; when no file manager can
/// show that either, it says where the photo is, the path selectable to copy.
@MainActor
final class PhotoNotOpenedDialog {
    enum Kind {
        /// No image viewer: Show Folder or Close.
        case noViewer
        /// No file manager either: the path, and Close.
        case noFileManager
    }

    let widget: Widget
    private let reference: GObjectReference

    /// The dialog's window title: the GUI tests find the dialog by it.
    static func title(_ kind: Kind) -> String {
        switch kind {
        case .noViewer: localized("The Photo Could Not Be Opened")
        case .noFileManager: localized("The Folder Could Not Be Shown")
        }
    }

    /// `showFolder` runs when the user asks for the folder instead (`.noViewer` only).
    init(parent: Widget, path: String, kind: Kind, showFolder: @escaping @MainActor () -> Void) {
        let body = switch kind {
        case .noViewer: localized("No app on this computer is set up to show photos.")
        case .noFileManager: localized("No app is set up to show folders either. The photo is here:")
        }
        widget = adw_message_dialog_new(gcast(parent), Self.title(kind), body)!
        // Ours while it is shown: GTK lets go of a closed dialog.
        reference = GObjectReference(retaining: UnsafeMutableRawPointer(widget))
        gtk_window_set_title(gcast(widget), Self.title(kind))
        let raw: UnsafeMutablePointer<AdwMessageDialog> = gcast(widget)
        adw_message_dialog_add_response(raw, "close", localized("_Close"))
        adw_message_dialog_set_close_response(raw, "close")
        switch kind {
        case .noViewer:
            adw_message_dialog_add_response(raw, "folder", localized("Show _Folder"))
            adw_message_dialog_set_response_appearance(raw, "folder", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(raw, "folder")
        case .noFileManager:
            // Selectable, so it can be copied into another app.
            let label = Make.wrappingLabel(path)
            gtk_label_set_selectable(gcast(label), 1)
            gtk_label_set_max_width_chars(gcast(label), 30)
            adw_message_dialog_set_extra_child(raw, label)
            adw_message_dialog_set_default_response(raw, "close")
        }
        TextWrap.wrapsAsProse(everyWrappingLabelIn: widget)
        Trace.line("photo not opened says: \(Self.title(kind)). \(body)\(kind == .noFileManager ? " \(path)" : "")")
        // `void (*)(AdwMessageDialog *, const char *response, gpointer)`; the dialog closes itself after it.
        Signal.connectPointer(widget, "response") { response in
            guard let response else { return }
            let answer = String(cString: response.assumingMemoryBound(to: CChar.self))
            Trace.line("photo not opened: \(answer)")
            if answer == "folder" { showFolder() }
        }
    }

    func present() {
        gtk_window_present(gcast(widget))
    }
}
