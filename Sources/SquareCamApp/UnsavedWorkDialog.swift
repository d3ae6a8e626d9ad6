import CGtk

/// The question on the way out while a photo or a recording is not saved:
/// Save, Discard or Cancel (also Esc). Every AdwMessageDialog call lives here.
@MainActor
final class UnsavedWorkDialog {
    enum Answer: String {
        case save, discard, cancel
    }

    /// What would be lost.
    enum Work: String {
        case photo, recording
    }

    let widget: Widget
    private let reference: GObjectReference
    /// False once answered or dismissed: a closed dialog answers nothing more.
    private(set) var isOpen = true

    /// The dialog's window title: the GUI tests find the dialog by it.
    static func title(_ work: Work) -> String {
        switch work {
        case .photo: localized("Save the Photo?")
        case .recording: localized("Save the Recording?")
        }
    }

    init(about work: Work, parent: Widget, answered: @escaping @MainActor (Answer) -> Void) {
        let body = switch work {
        case .photo: localized("The photo you took is not saved yet. If you close SquareCam without saving it, it is lost.")
        case .recording: localized("The video is not saved yet. If you close SquareCam without saving it, it is lost.")
        }
        widget = adw_message_dialog_new(gcast(parent), Self.title(work), body)!
        // Ours until this object goes: GTK lets go of a closed dialog, and `dismiss` may come after that.
        reference = GObjectReference(retaining: UnsafeMutableRawPointer(widget))
        gtk_window_set_title(gcast(widget), Self.title(work))
        let raw: UnsafeMutablePointer<AdwMessageDialog> = gcast(widget)
        adw_message_dialog_add_response(raw, Answer.cancel.rawValue, localized("_Cancel"))
        adw_message_dialog_add_response(raw, Answer.discard.rawValue, localized("_Discard"))
        adw_message_dialog_add_response(raw, Answer.save.rawValue, localized("_Save"))
        adw_message_dialog_set_response_appearance(raw, Answer.discard.rawValue, ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_response_appearance(raw, Answer.save.rawValue, ADW_RESPONSE_SUGGESTED)
        // Enter keeps the photo or recording; Esc (the close response) keeps everything.
        adw_message_dialog_set_default_response(raw, Answer.save.rawValue)
        adw_message_dialog_set_close_response(raw, Answer.cancel.rawValue)
        TextWrap.wrapsAsProse(everyWrappingLabelIn: widget)
        // `void (*)(AdwMessageDialog *, const char *response, gpointer)`; the dialog closes itself after it.
        Signal.connectPointer(widget, "response") { [weak self] response in
            guard let self, self.isOpen, let response else { return }
            self.isOpen = false
            answered(Answer(rawValue: String(cString: response.assumingMemoryBound(to: CChar.self))) ?? .cancel)
        }
    }

    func present() {
        gtk_window_present(gcast(widget))
    }

    /// Closes the dialog without an answer (the session is ending and saves by itself).
    func dismiss() {
        guard isOpen else { return }
        isOpen = false
        gtk_window_destroy(gcast(widget))
    }
}
