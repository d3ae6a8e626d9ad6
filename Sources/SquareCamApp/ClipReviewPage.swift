import CGtk
import SquareCamCore

/// The recording's review: the clip plays over and over in the
/// viewfinder's square (GTK's media stream, through GStreamer), with
/// Retake and Save. Every GtkVideo and GtkMediaStream call is here.
@MainActor
final class ClipReviewPage {
    let widget: Widget
    let video: Widget
    let retakeButton: Widget
    let saveButton: Widget
    /// Why the last save failed, over the clip's top.
    private let problemLabel: Widget
    private let buttons: Widget
    let area: AdaptiveArea
    /// The file playing, and its stream.
    private(set) var playingPath: String?
    private var stream: UnsafeMutablePointer<GtkMediaStream>?
    /// Called once the clip's time first moves on (it plays), or when it cannot play (why).
    var onPlayback: ((_ seconds: Double?, _ error: String?) -> Void)?
    private var toldPlaying = false

    init() {
        video = gtk_video_new()!
        gtk_video_set_loop(gcast(video), 1)
        WidgetStyle.describeForScreenReaders(video, label: localized("Recording to Review"),
                                             description: localized("The square video exactly as it will be saved"))
        retakeButton = Make.button(label: localized("_Retake"), icon: "edit-undo-symbolic", tooltip: localized("Retake (R)"),
                                   accessibleLabel: localized("Retake"))
        saveButton = Make.button(label: localized("_Save"), icon: "document-save-symbolic", tooltip: localized("Save (Ctrl+S or Enter)"),
                                 accessibleLabel: localized("Save"))
        WidgetStyle.addClass(saveButton, "suggested-action")
        for button in [saveButton, retakeButton] { WidgetStyle.addClass(button, "pill") }

        problemLabel = Make.wrappingLabel("", classes: ["error", "save-problem"])
        gtk_label_set_selectable(gcast(problemLabel), 1)
        gtk_label_set_xalign(gcast(problemLabel), 0)
        gtk_widget_set_valign(problemLabel, GTK_ALIGN_START)
        WidgetStyle.margins(problemLabel, 8)
        WidgetStyle.setVisible(problemLabel, false)
        let picture = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(picture), video)
        gtk_overlay_add_overlay(gcast(picture), problemLabel)

        buttons = Make.box(vertical: false, spacing: 8, [retakeButton, saveButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        WidgetStyle.margins(buttons, 8)
        area = AdaptiveArea(picture: picture, controls: buttons, squarePicture: true)
        widget = area.widget
        area.onArrange = { [weak self] arrangement, _ in
            guard let self else { return }
            WidgetStyle.setVertical(self.buttons, arrangement == .sideBySide)
        }
    }

    /// Plays the clip at `path` from its start, looping; the same path again changes nothing.
    func play(_ path: String) {
        guard path != playingPath else { return }
        clear()
        playingPath = path
        toldPlaying = false
        guard let file = gtk_media_file_new_for_filename(path) else { return }
        let media: UnsafeMutablePointer<GtkMediaStream> = gcast(file)
        stream = media
        gtk_media_stream_set_loop(media, 1)
        gtk_video_set_media_stream(gcast(video), media)
        Signal.connectPointer(UnsafeMutableRawPointer(file), "notify::timestamp") { [weak self] _ in self?.timestampChanged() }
        Signal.connectPointer(UnsafeMutableRawPointer(file), "notify::error") { [weak self] _ in self?.errorChanged() }
        gtk_media_stream_play(media)
        // The video holds its own reference from here on.
        g_object_unref(file)
    }

    private func timestampChanged() {
        guard let stream, !toldPlaying else { return }
        let seconds = Double(gtk_media_stream_get_timestamp(stream)) / 1_000_000
        guard seconds > 0 else { return }
        toldPlaying = true
        onPlayback?(seconds, nil)
    }

    private func errorChanged() {
        guard let stream, let error = gtk_media_stream_get_error(stream) else { return }
        onPlayback?(nil, String(cString: error.pointee.message))
    }

    /// Shows why the last save failed; `nil` hides it.
    func showProblem(_ message: String?) {
        gtk_label_set_text(gcast(problemLabel), message ?? "")
        WidgetStyle.setVisible(problemLabel, message != nil)
    }

    /// Stops and lets go of the clip (its file may be deleted next).
    func clear() {
        if let stream { gtk_media_stream_pause(stream) }
        gtk_video_set_media_stream(gcast(video), nil)
        stream = nil
        playingPath = nil
        showProblem(nil)
    }
}
