import CGtk
import Foundation

/// The keyboard shortcuts window (Ctrl+?), made from the same list as the
/// accelerators, so it can never show a key that does something else.
/// GTK 4.8 builds a GtkShortcutsWindow only from a GtkBuilder description.
@MainActor
enum ShortcutsWindow {
    static func make(_ shortcuts: [MainWindow.Shortcut]) -> Widget {
        let groups = MainWindow.Shortcut.Group.allCases.map { group -> String in
            let rows = shortcuts.filter { $0.group == group && $0.title != nil }.map { shortcut in
                // Variants (Shift+arrows beside arrows) are listed as one row with all their keys.
                let keys = shortcuts.filter { $0.title == nil && $0.group == group && sameFamily($0.action, shortcut.action) }
                    .flatMap(\.keys)
                return """
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">\(escaped(shortcut.title!))</property>
                      <property name="accelerator">\(escaped((shortcut.keys + keys).joined(separator: " ")))</property>
                    </object></child>
                    """
            }
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(escaped(title(of: group)))</property>
                  \(rows.joined(separator: "\n"))
                </object></child>
                """
        }
        let description = """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <property name="title">\(escaped(localized("Keyboard Shortcuts")))</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">12</property>
                  \(groups.joined(separator: "\n"))
                </object></child>
              </object>
            </interface>
            """
        let builder = gtk_builder_new_from_string(description, -1)!
        let window = gtk_builder_get_object(builder, "shortcuts")!
        g_object_ref(window)
        g_object_unref(UnsafeMutableRawPointer(builder))
        return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    }

    /// "nudge-right" belongs with "nudge-left", "nudge-far-up" with "nudge-far-left".
    private static func sameFamily(_ variant: String, _ listed: String) -> Bool {
        let family = { (name: String) in name.split(separator: "-").dropLast().joined(separator: "-") }
        return family(variant) == family(listed)
    }

    private static func title(of group: MainWindow.Shortcut.Group) -> String {
        switch group {
        case .camera: localized("Camera")
        case .review: localized("Review")
        case .editor: localized("Crop Editor")
        case .window: localized("Window")
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
