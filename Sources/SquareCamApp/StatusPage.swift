import CGtk
import SquareCamCore

/// A full-page explanation (why the camera is wanted, no permission, no
/// camera, disconnected, busy) with up to two actions, and a command to
/// select or copy where running one is the way out.
///
/// The app's own page, not AdwStatusPage: that one scrolls its buttons with
/// its text, so on a phone on its side they were below the window's bottom
/// with nothing to show it. Here the buttons never scroll: one column under
/// the text when it fits, beside the text on a short wide window
/// (`StatusLayout` decides); only the text scrolls, with a scrollbar that
/// shows, when even that does not fit. A size sensor under the page reports
/// its size, as on the live page, and the page is laid out again for it.
@MainActor
final class StatusPage {
    let widget: Widget
    let primaryButton: Widget
    let secondaryButton: Widget
    let icon: Widget
    let titleLabel: Widget
    let descriptionLabel: Widget
    /// The command to run, selectable, in a monospace font (hidden when the page has none).
    let commandLabel: Widget
    var onPrimary: (() -> Void)?
    var onSecondary: (() -> Void)?
    /// Called once the page is drawn in a new arrangement or size.
    var onPlaced: (() -> Void)?
    private(set) var title = ""
    private(set) var description = ""
    private(set) var command: String?
    private(set) var layout: StatusLayout?
    private let sensor: Widget
    private let content: Widget
    /// The text's scrolled window, and the page's size (for the trace).
    let textScroller: Widget
    private let text: Widget
    private let buttons: Widget
    private(set) var size = Size2D(width: 0, height: 0)
    private var arranging = false

    /// Space around the page, between text and buttons, and the widest text column.
    private static let margin: Int32 = 18
    private static let gap: Int32 = 24
    private static let widestText = 560
    /// The narrowest text column beside the buttons worth having.
    private static let narrowestText = 240
    /// Room kept for the text's scrollbar, so a balanced title never wraps again when it shows.
    private static let scrollbarAllowance = 16

    init() {
        icon = gtk_image_new()
        WidgetStyle.addClass(icon, "status-icon")
        titleLabel = Self.wrappingLabel(classes: ["title", "title-1"])
        // The title is the page's heading for screen readers (its role is fixed once it joins a window).
        squarecam_widget_set_accessible_role(titleLabel, GTK_ACCESSIBLE_ROLE_HEADING)
        squarecam_accessible_set_level(titleLabel, 1)
        descriptionLabel = Self.wrappingLabel(classes: ["body"])
        gtk_label_set_max_width_chars(gcast(descriptionLabel), 60)
        commandLabel = Make.label("", classes: ["monospace", "status-command"])
        gtk_label_set_selectable(gcast(commandLabel), 1)
        // Broken between arguments (a long one, an object path, anywhere), and read left to right.
        TextWrap.wrapsAsCommand(commandLabel)
        gtk_label_set_justify(gcast(commandLabel), GTK_JUSTIFY_LEFT)
        gtk_label_set_xalign(gcast(commandLabel), 0)
        gtk_label_set_max_width_chars(gcast(commandLabel), 60)
        WidgetStyle.setVisible(commandLabel, false)
        text = Make.box(vertical: true, spacing: 12, [icon, titleLabel, descriptionLabel, commandLabel])
        // As wide as its longest line needs (the description stops at 60 characters), centred.
        gtk_widget_set_halign(text, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        textScroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(gcast(textScroller), text)
        gtk_scrolled_window_set_policy(gcast(textScroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A scrollbar that stays while there is more to read: an overlay one hides until touched.
        gtk_scrolled_window_set_overlay_scrolling(gcast(textScroller), 0)

        primaryButton = Make.button(label: "", tooltip: "")
        secondaryButton = Make.button(label: "", tooltip: "")
        WidgetStyle.addClass(primaryButton, "suggested-action")
        for button in [primaryButton, secondaryButton] { WidgetStyle.addClass(button, "pill") }
        // One above the other, the main action first: fits a phone's width in any language.
        buttons = Make.box(vertical: true, spacing: 12, [primaryButton, secondaryButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        content = Make.box(vertical: true, spacing: Self.gap, [textScroller, buttons])
        WidgetStyle.margins(content, Self.margin)

        sensor = Make.sizeSensor()
        WidgetStyle.expand(sensor)
        widget = gtk_overlay_new()
        gtk_overlay_set_child(gcast(widget), sensor)
        // Over the sensor, so the page's own size never sets the window's smallest size.
        let slot = Make.box(vertical: true, spacing: 0, [content])
        gtk_widget_set_halign(slot, GTK_ALIGN_FILL)
        gtk_widget_set_valign(slot, GTK_ALIGN_FILL)
        gtk_overlay_add_overlay(gcast(widget), slot)
        apply(.stacked)

        Signal.connectSize(sensor, "resize") { [weak self] width, height in
            guard let self else { return }
            let newSize = Size2D(width: Double(width), height: Double(height))
            guard newSize != self.size else { return }
            self.size = newSize
            self.arrangeSoon()
        }
        Signal.connect(primaryButton, "clicked") { [weak self] in self?.onPrimary?() }
        Signal.connect(secondaryButton, "clicked") { [weak self] in self?.onSecondary?() }
        WidgetStyle.installStyleSheet(Self.styleSheet)
    }

    /// One button's label, tooltip and action; `nil` hides the button.
    struct Action {
        var label: String
        var tooltip: String
        var run: () -> Void
    }

    func show(icon name: String, title: String, description: String, command: String? = nil,
              primary: Action?, secondary: Action? = nil) {
        self.title = title
        self.description = description
        self.command = command
        gtk_image_set_from_icon_name(gcast(icon), name)
        gtk_label_set_text(gcast(descriptionLabel), description)
        gtk_label_set_text(gcast(commandLabel), command ?? "")
        WidgetStyle.setVisible(commandLabel, command != nil)
        configure(primaryButton, primary)
        configure(secondaryButton, secondary)
        onPrimary = primary?.run
        onSecondary = secondary?.run
        setTitle(wrappedAt: nil)
        layout = nil
        arrangeSoon()
    }

    /// Shows a button's new label (Copy Command → Copied), the page laid out again for it.
    func relabel(_ button: Widget, _ action: Action) {
        configure(button, action)
        if button == primaryButton { onPrimary = action.run } else { onSecondary = action.run }
        layout = nil
        arrangeSoon()
    }

    /// Lays the page out for `space` at once, before it shows at that size (its stack's):
    /// its first frame is arranged, instead of waiting for the size its first frame reports.
    func prepare(for space: Size2D) {
        guard space.width > 0, space.height > 0 else { return }
        size = space
        arrange()
    }

    /// Lays the page out on the next turn of the loop (never inside an allocation).
    private func arrangeSoon() {
        guard !arranging else { return }
        arranging = true
        Task { @MainActor in
            self.arranging = false
            self.arrange()
        }
    }

    private func arrange() {
        guard size.width > 0, size.height > 0 else { return }
        let margins = 2 * Int(Self.margin), gap = Int(Self.gap)
        let buttonsWidth = Int(natural(buttons, GTK_ORIENTATION_HORIZONTAL, -1))
        let buttonsHeight = Int(natural(buttons, GTK_ORIENTATION_VERTICAL, -1))
        // As one column with the large icon, at this width: does it fit?
        apply(.stacked)
        let columnWidth = Int(size.width) - margins
        let stackedHeight = margins + textHeight(wrappedAt: columnWidth) + gap + buttonsHeight
        let besideMinimum = Double(margins + buttonsWidth + gap + Self.narrowestText)
        let chosen = StatusLayout(space: size, stackedHeight: Double(stackedHeight), besideMinimumWidth: besideMinimum)
        apply(chosen)
        let height = textHeight(wrappedAt: chosen.isSideBySide ? columnWidth - buttonsWidth - gap : columnWidth)
        // The text as tall as it is, or as the room the buttons leave (then it scrolls):
        // the scrolled window's own guess of its content's height undercounted wrapped lines.
        let room = Int(size.height) - margins - (chosen.isSideBySide ? 0 : gap + buttonsHeight)
        let shown = Int32(max(0, min(height, room)))
        // (GTK refuses a minimum above the maximum: the old maximum goes first.)
        gtk_scrolled_window_set_max_content_height(gcast(textScroller), -1)
        gtk_scrolled_window_set_min_content_height(gcast(textScroller), shown)
        gtk_scrolled_window_set_max_content_height(gcast(textScroller), shown)
        layout = chosen
        Trace.line("status layout \(chosen.rawValue) in \(Int(size.width))x\(Int(size.height)) (one column needs \(stackedHeight))")
        let page = widget
        FrameClock.afterPaints(of: page) { [weak self] in
            guard let self, self.layout == chosen else { return }
            self.traceDrawn()
            self.onPlaced?()
        }
    }

    /// Balances the title for a text column `width` points wide; returns the text's height there.
    private func textHeight(wrappedAt width: Int) -> Int {
        let column = min(width, Self.widestText) - Self.scrollbarAllowance
        setTitle(wrappedAt: column)
        return Int(natural(text, GTK_ORIENTATION_VERTICAL, Int32(column)))
    }

    private func apply(_ layout: StatusLayout) {
        WidgetStyle.setVertical(content, !layout.isSideBySide)
        gtk_image_set_pixel_size(gcast(icon), Int32(layout.iconSize))
        // One column: the group in the middle of the page. Beside: the text takes the room the
        // buttons leave, each centred in the page's height.
        gtk_widget_set_valign(content, layout.isSideBySide ? GTK_ALIGN_FILL : GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(content, 1)
        gtk_widget_set_hexpand(textScroller, layout.isSideBySide ? 1 : 0)
        gtk_widget_set_valign(textScroller, layout.isSideBySide ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL)
        gtk_widget_set_vexpand(textScroller, 0)
    }

    /// The title balanced for lines of at most `width` points (nil: unwrapped, not yet known).
    private func setTitle(wrappedAt width: Int?) {
        let shown = width.map { TextWrap.balanced(title, in: titleLabel, width: $0) } ?? title
        gtk_label_set_text(gcast(titleLabel), shown)
        // Screen readers read the title whole, without the breaks put in for the eye.
        squarecam_accessible_set_label(titleLabel, title)
    }

    func natural(_ widget: Widget, _ orientation: GtkOrientation, _ forSize: Int32) -> Double {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, orientation, forSize, &minimum, &natural, nil, nil)
        return Double(natural)
    }

    private static func wrappingLabel(classes: [String]) -> Widget {
        let label = Make.wrappingLabel("", classes: classes)
        gtk_label_set_justify(gcast(label), GTK_JUSTIFY_CENTER)
        return label
    }

    private func configure(_ button: Widget, _ action: Action?) {
        WidgetStyle.setVisible(button, action != nil)
        guard let action else { return }
        gtk_button_set_label(gcast(button), action.label)
        gtk_button_set_use_underline(gcast(button), 1)
        WidgetStyle.describe(button, label: WidgetStyle.plainLabel(action.label), tooltip: action.tooltip)
        WidgetStyle.dropLabelledBy(button)
    }

    private static let styleSheet = """
        .status-icon { color: alpha(currentColor, 0.5); }
        .status-command { padding: 10px 12px; border-radius: 8px; background: alpha(currentColor, 0.08); }
        """
}
