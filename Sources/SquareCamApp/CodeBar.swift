import CGtk
import Foundation

/// The bar along the viewfinder's bottom edge while a QR code is in view:
/// its text, Copy, and Open for a web link only. Nothing is ever opened by
/// itself, and shooting goes on underneath.
@MainActor
final class CodeBar {
    let widget: Widget
    let copyButton: Widget
    let openButton: Widget
    private let label: Widget
    /// The text shown now; nil while hidden.
    private(set) var shownText: String?
    /// A code may hold a page of text: the bar shows its start (the rest is
    /// copied all the same), wrapped rather than ellipsized.
    private static let shownCharacters = 160

    init() {
        label = Make.wrappingLabel("", classes: ["code-text"])
        gtk_label_set_xalign(gcast(label), 0)
        WidgetStyle.expand(label)
        copyButton = Make.button(label: localized("_Copy"), tooltip: localized("Copy the code's text to the clipboard"),
                                 accessibleLabel: localized("Copy"))
        openButton = Make.button(label: localized("_Open"), tooltip: localized("Open this web address in the browser"),
                                 accessibleLabel: localized("Open"))
        for button in [copyButton, openButton] {
            WidgetStyle.addClass(button, "pill")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        let icon = gtk_image_new_from_icon_name("edit-paste-symbolic")!
        squarecam_accessible_set_hidden(icon, 1)
        widget = Make.box(vertical: false, spacing: 8, [icon, label, copyButton, openButton])
        WidgetStyle.addClass(widget, "code-bar")
        WidgetStyle.addClass(widget, "osd")
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        WidgetStyle.margins(widget, 8)
        WidgetStyle.describeForScreenReaders(widget, label: localized("QR Code"), description: "")
        WidgetStyle.setVisible(widget, false)
    }

    /// Shows `text` (nil hides the bar); true when that changed what is shown.
    @discardableResult
    func show(_ text: String?) -> Bool {
        guard text != shownText else { return false }
        shownText = text
        WidgetStyle.setVisible(widget, text != nil)
        guard let text else { return true }
        let start = text.prefix(Self.shownCharacters)
        gtk_label_set_text(gcast(label), start.count < text.count ? start + "…" : String(start))
        squarecam_accessible_set_description(widget, text)
        WidgetStyle.setVisible(openButton, Self.isWebLink(text))
        return true
    }

    /// An http or https address and nothing else: only those get Open (a
    /// code's text could be any command or file path).
    static func isWebLink(_ text: String) -> Bool {
        guard !text.contains(where: \.isWhitespace), let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return false }
        return true
    }
}
