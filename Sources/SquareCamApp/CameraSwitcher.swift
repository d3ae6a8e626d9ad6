import CGtk
import SquareCamCore

/// The header bar's list of cameras by name: it draws the controller's
/// cameras with the open one selected, and reports a choice the user made
/// (never one it made itself while filling or selecting).
@MainActor
final class CameraSwitcher {
    let widget: Widget
    /// The user picked another camera: its id.
    var onChosen: ((String) -> Void)?
    /// The cameras listed, in the list's order.
    private(set) var cameras: [CameraDescription] = []
    private var isShown = false
    /// True while the list itself changes the selection: not the user's choice.
    private var drawing = false

    init() {
        widget = gtk_drop_down_new(nil, nil)
        WidgetStyle.describe(widget, label: localized("Camera"), tooltip: localized("Choose the Camera"))
        WidgetStyle.setVisible(widget, false)
        Signal.connectPointer(widget, "notify::selected") { [weak self] _ in self?.selectionChanged() }
    }

    /// Lists `cameras` with `currentID` selected.
    func show(_ cameras: [CameraDescription], current currentID: String?) {
        drawing = true
        defer { drawing = false }
        if cameras != self.cameras {
            self.cameras = cameras
            let model = Make.stringList(cameras.map(\.name))
            gtk_drop_down_set_model(gcast(widget), model)
            g_object_unref(UnsafeMutableRawPointer(model))
        }
        if let index = cameras.firstIndex(where: { $0.id == currentID }), Int(gtk_drop_down_get_selected(gcast(widget))) != index {
            gtk_drop_down_set_selected(gcast(widget), guint(index))
        }
    }

    /// Shows or hides the list; true when that changed.
    @discardableResult
    func setShown(_ shown: Bool) -> Bool {
        guard shown != isShown else { return false }
        isShown = shown
        WidgetStyle.setVisible(widget, shown)
        return true
    }

    private func selectionChanged() {
        guard !drawing else { return }
        let index = Int(gtk_drop_down_get_selected(gcast(widget)))
        guard cameras.indices.contains(index) else { return }
        onChosen?(cameras[index].id)
    }
}
