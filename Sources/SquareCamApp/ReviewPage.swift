import CGtk
import SquareCamCore

/// The review page: the square photo as it will be saved, with Retake,
/// Edit and Save; a failed save shows why, over the photo's top, and offers Save As….
@MainActor
final class ReviewPage {
    let widget: Widget
    /// The photo, drawn whole in the largest square that fits.
    let view = ImageView(covers: false)
    var picture: Widget { view.widget }
    let retakeButton: Widget
    let editButton: Widget
    let saveButton: Widget
    let saveAsButton: Widget
    private let problem: Widget
    private let problemLabel: Widget
    private let buttons: Widget
    let area: AdaptiveArea

    init() {
        // For screen readers only: a tooltip would cover the photo it describes.
        WidgetStyle.describeForScreenReaders(view.widget, label: localized("Photo to Review"),
                                             description: localized("The square photo exactly as it will be saved"))
        // R only: Esc never throws a photo away.
        retakeButton = Make.button(label: localized("_Retake"), icon: "edit-undo-symbolic", tooltip: localized("Retake (R)"),
                                   accessibleLabel: localized("Retake"))
        editButton = Make.button(label: localized("_Edit"), icon: "zoom-fit-best-symbolic", tooltip: localized("Choose the Square (E)"),
                                 accessibleLabel: localized("Edit"))
        saveButton = Make.button(label: localized("_Save"), icon: "document-save-symbolic", tooltip: localized("Save (Ctrl+S or Enter)"),
                                 accessibleLabel: localized("Save"))
        WidgetStyle.addClass(saveButton, "suggested-action")
        WidgetStyle.addClass(saveButton, "pill")
        WidgetStyle.addClass(retakeButton, "pill")
        WidgetStyle.addClass(editButton, "pill")

        problemLabel = Make.wrappingLabel("", classes: ["error"])
        gtk_label_set_selectable(gcast(problemLabel), 1)
        gtk_widget_set_hexpand(problemLabel, 1)
        gtk_label_set_xalign(gcast(problemLabel), 0)
        saveAsButton = Make.button(label: localized("Save _As…"), icon: "document-save-as-symbolic",
                                   tooltip: localized("Save the photo somewhere else"), accessibleLabel: localized("Save As…"))
        WidgetStyle.addClass(saveAsButton, "pill")
        gtk_widget_set_halign(saveAsButton, GTK_ALIGN_END)
        // 44 px tall like every other button (it was 32).
        WidgetStyle.addClass(saveAsButton, "pill")
        problem = Make.box(vertical: true, spacing: 8, [problemLabel, saveAsButton])
        WidgetStyle.addClass(problem, "save-problem")
        WidgetStyle.margins(problem, 8)
        gtk_widget_set_valign(problem, GTK_ALIGN_START)
        WidgetStyle.setVisible(problem, false)
        // Over the top of the photo, as the live page's toggles are over the
        // viewfinder: the photo keeps its size and place, and the buttons theirs,
        // however long the reason is (it used to push them out of a short window).
        let picture = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(picture), view.widget)
        gtk_overlay_add_overlay(gcast(picture), problem)

        buttons = Make.box(vertical: false, spacing: 8, [retakeButton, editButton, saveButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        WidgetStyle.margins(buttons, 8)
        area = AdaptiveArea(picture: picture, controls: buttons, squarePicture: true)
        widget = area.widget
        area.onArrange = { [weak self] arrangement, size in
            guard let self else { return }
            // Beside the picture the buttons stack, Save at the bottom, nearest the
            // thumb; below it too when a row does not fit (longer labels, a narrow phone).
            WidgetStyle.setVertical(self.buttons, false)
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(self.buttons, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            WidgetStyle.setVertical(self.buttons, arrangement == .sideBySide || Double(natural) > size.width)
        }
    }

    /// Shows the photo to review.
    func show(image: DisplayImage) {
        view.image = image
        showProblem(nil)
    }

    /// Shows why the last save failed, with Save As…; `nil` hides it.
    func showProblem(_ message: String?) {
        gtk_label_set_text(gcast(problemLabel), message ?? "")
        WidgetStyle.setVisible(problem, message != nil)
    }

    /// Leaves the save problem's text unselected. As the page comes back,
    /// GTK may pass the focus through that selectable label on its way to
    /// a button, and a label that gets the focus selects all its text.
    func deselectProblem() {
        gtk_label_select_region(gcast(problemLabel), 0, 0)
    }

    /// Whether any of the save problem's text is selected (for the trace).
    var problemHasSelection: Bool {
        gtk_label_get_selection_bounds(gcast(problemLabel), nil, nil) != 0
    }

    func clear() {
        view.image = nil
        showProblem(nil)
    }
}
