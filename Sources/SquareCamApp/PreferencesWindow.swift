import CGtk
import SquareCamController

/// Preferences (Ctrl+,): where photos go, their size and JPEG quality, the
/// shutter sound, saving without review. Every change is kept at once.
@MainActor
final class PreferencesWindow {
    let window: Widget
    private let preferences: Preferences
    private let controller: CaptureController
    private let folderRow: Widget
    private let photosGroup: Widget
    /// Called when a setting the window of the camera shows has changed.
    var onChange: (() -> Void)?

    init(parent: Widget, controller: CaptureController, onSaveWithoutReview: @escaping (Bool) -> Void) {
        self.controller = controller
        let preferences = controller.preferences
        self.preferences = preferences
        window = adw_preferences_window_new()
        WidgetStyle.addClass(window, "squarecam-preferences")
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_set_modal(gcast(window), 1)
        gtk_window_set_title(gcast(window), localized("Preferences"))
        adw_preferences_window_set_search_enabled(gcast(window), 0)
        DialogSize.fit(window, within: parent, width: 480, height: 560)
        let page = adw_preferences_page_new()!

        photosGroup = adw_preferences_group_new()
        let photos = photosGroup
        adw_preferences_group_set_title(gcast(photos), localized("Photos"))
        folderRow = adw_action_row_new()
        adw_preferences_row_set_title(gcast(folderRow), localized("Save Folder"))
        let choose = Make.button(label: localized("_Choose…"), tooltip: localized("Choose the folder photos are saved in"))
        gtk_widget_set_valign(choose, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(gcast(folderRow), choose)
        adw_preferences_group_add(gcast(photos), folderRow)

        let sizeRow = adw_combo_row_new()!
        adw_preferences_row_set_title(gcast(sizeRow), localized("Photo Size"))
        let sizeNames = Preferences.photoSides.map { side in
            side.map { localized("{side} × {side} pixels", ["side": String($0)]) } ?? localized("Full resolution")
        }
        let sizes = Make.stringList(sizeNames)
        adw_combo_row_set_model(gcast(sizeRow), sizes)
        g_object_unref(UnsafeMutableRawPointer(sizes))
        adw_combo_row_set_selected(gcast(sizeRow), guint(Preferences.photoSides.firstIndex { $0 == preferences.photoSide } ?? 0))
        adw_preferences_group_add(gcast(photos), sizeRow)

        let qualityRow = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(qualityRow), localized("JPEG Quality"))
        adw_action_row_set_subtitle(gcast(qualityRow), localized("Higher keeps more detail in larger files"))
        let quality = gtk_spin_button_new_with_range(Double(Preferences.qualityRange.lowerBound), Double(Preferences.qualityRange.upperBound), 1)!
        gtk_spin_button_set_value(gcast(quality), Double(preferences.jpegQuality))
        gtk_widget_set_valign(quality, GTK_ALIGN_CENTER)
        WidgetStyle.describe(quality, label: localized("JPEG Quality"))
        adw_action_row_add_suffix(gcast(qualityRow), quality)
        adw_preferences_group_add(gcast(photos), qualityRow)

        let capture = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(capture), localized("Taking Photos"))
        let sound = Self.switchRow(localized("Shutter Sound"), on: preferences.shutterSound, in: capture)
        let direct = Self.switchRow(localized("Save Without Review"), on: preferences.saveWithoutReview, in: capture,
                                    subtitle: localized("Save each photo at once, as a phone camera does"))

        adw_preferences_page_add(gcast(page), gcast(photos))
        adw_preferences_page_add(gcast(page), gcast(capture))
        adw_preferences_window_add(gcast(window), gcast(page))
        showFolder()
        showSizeLimit()

        Signal.connect(choose, "clicked") { [weak self] in self?.chooseFolder() }
        Signal.connectPointer(sizeRow, "notify::selected") { [weak self] _ in
            let index = Int(adw_combo_row_get_selected(gcast(sizeRow)))
            guard Preferences.photoSides.indices.contains(index) else { return }
            self?.preferences.photoSide = Preferences.photoSides[index]
            Trace.line("preference photo-size \(Preferences.photoSides[index].map(String.init) ?? "full")")
            self?.showSizeLimit()
        }
        Signal.connect(quality, "value-changed") { [weak self] in
            self?.preferences.jpegQuality = Int(gtk_spin_button_get_value_as_int(gcast(quality)))
        }
        Signal.connectPointer(sound, "notify::active") { [weak self] _ in
            self?.preferences.shutterSound = gtk_switch_get_active(gcast(sound)) != 0
        }
        Signal.connectPointer(direct, "notify::active") { _ in
            onSaveWithoutReview(gtk_switch_get_active(gcast(direct)) != 0)
        }
    }

    func present() {
        TextWrap.wrapsAsProse(everyWrappingLabelIn: window)
        gtk_window_present(gcast(window))
        Trace.line("preferences shown")
        Trace.dialogShown(window, name: "preferences")
    }

    private func showFolder() {
        let shown = preferences.saveFolder.map { FolderDisplay.name(of: $0) } ?? localized("Pictures › Camera")
        adw_action_row_set_subtitle(gcast(folderRow), shown)
        Trace.line("preferences folder shown as \(shown)")
    }

    /// A size larger than the camera's square is not made up: the group says what the camera gives
    /// (full width: in the size row's subtitle it squeezed the size itself out on a phone).
    private func showSizeLimit() {
        let limit = controller.photoSideLimit(for: preferences.photoSide)
        let note = limit.map { localized("Photos are {side} × {side} at most: the camera gives no more.", ["side": String($0)]) }
        adw_preferences_group_set_description(gcast(photosGroup), note)
        if let note { Trace.line("photo size note \(note)") }
    }

    private func chooseFolder() {
        FileChooser.choose(title: localized("Save Photos In"), accept: localized("_Choose"), parent: window,
                           action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, folder: controller.photosFolder) { [weak self] path in
            Trace.line("preference folder \(path)")
            self?.preferences.saveFolder = path
            self?.showFolder()
            self?.onChange?()
        }
    }

    private static func switchRow(_ title: String, on: Bool, in group: Widget, subtitle: String? = nil) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(row), title)
        if let subtitle { adw_action_row_set_subtitle(gcast(row), subtitle) }
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(gcast(toggle), on ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        WidgetStyle.describe(toggle, label: title)
        adw_action_row_add_suffix(gcast(row), toggle)
        adw_action_row_set_activatable_widget(gcast(row), toggle)
        adw_preferences_group_add(gcast(group), row)
        return toggle
    }
}
