import CGtk

/// A GTK widget pointer, as GTK's constructors return it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Reinterprets a GObject pointer as another class in its hierarchy (the C
/// casting macros do the same; GTK checks the type in its own calls).
func gcast<From, To>(_ pointer: UnsafeMutablePointer<From>, to _: To.Type = To.self) -> UnsafeMutablePointer<To> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
}

/// The same casts for classes Swift imports as opaque pointers (GTK's final types).
func gcast<From>(_ pointer: UnsafeMutablePointer<From>) -> OpaquePointer {
    OpaquePointer(pointer)
}

func gcast<To>(_ pointer: OpaquePointer, to _: To.Type = To.self) -> UnsafeMutablePointer<To> {
    UnsafeMutablePointer<To>(pointer)
}

func gcast(_ pointer: OpaquePointer) -> OpaquePointer {
    pointer
}

/// `strings` as the NULL-terminated `const char * const *` GTK takes for a
/// list of names, valid while `body` runs.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
}

/// Widget-wide settings every control gets: tooltips, accessible names, style.
@MainActor
enum WidgetStyle {
    /// Sets the tooltip and the accessible label (screen readers) in one go.
    static func describe(_ widget: Widget, label: String, tooltip: String? = nil) {
        gtk_widget_set_tooltip_text(widget, tooltip ?? label)
        squarecam_accessible_set_label(widget, label)
    }

    /// A name and a description for screen readers, and no tooltip (for a picture a tooltip would cover).
    static func describeForScreenReaders(_ widget: Widget, label: String, description: String) {
        gtk_widget_set_has_tooltip(widget, 0)
        squarecam_accessible_set_label(widget, label)
        squarecam_accessible_set_description(widget, description)
        screenReaderDescriptions[widget] = description
    }

    /// The descriptions of widgets that have no tooltip to carry them (the Announcer gives them back).
    private(set) static var screenReaderDescriptions: [Widget: String] = [:]

    /// GTK 4.8 names a button by its accessible label *and* by the label inside
    /// it, which GtkButton and AdwButtonContent make it "labelled by": screen
    /// readers said "Retake Retake" (and "撮り直す 撮り直す(R)", mnemonic and all).
    /// The accessible label alone names it: the relation goes now, and again once
    /// the button is realized (AdwButtonContent sets it when the button joins a window).
    static func nameByAccessibleLabelOnly(_ button: Widget) {
        dropLabelledBy(button)
        Signal.connect(button, "realize") { dropLabelledBy(button) }
    }

    /// A mnemonic label's text as a name: "_Open" → "Open", "開く(_O)" → "開く" (a
    /// screen reader would read the "(O)" that shows on screen).
    static func plainLabel(_ text: String) -> String {
        var characters = Array(text)
        // "(_O)", or in full-width brackets, as Japanese and Korean labels end; then any other underscore.
        if let open = characters.indices.dropLast(3).first(where: {
            "(（".contains(characters[$0]) && characters[$0 + 1] == "_" && ")）".contains(characters[$0 + 3])
        }) {
            characters.removeSubrange(open...(open + 3))
            if open > 0 && characters[open - 1] == " " { characters.remove(at: open - 1) }
        }
        return String(characters.filter { $0 != "_" })
    }

    /// Drops the labelled-by relation (call again after the button's label is set anew).
    static func dropLabelledBy(_ widget: Widget) {
        gtk_accessible_reset_relation(squarecam_accessible(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    static func addClass(_ widget: Widget, _ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    static func removeClass(_ widget: Widget, _ name: String) {
        gtk_widget_remove_css_class(widget, name)
    }

    static func margins(_ widget: Widget, _ value: Int32) {
        gtk_widget_set_margin_top(widget, value)
        gtk_widget_set_margin_bottom(widget, value)
        gtk_widget_set_margin_start(widget, value)
        gtk_widget_set_margin_end(widget, value)
    }

    static func expand(_ widget: Widget, horizontally: Bool = true, vertically: Bool = true) {
        gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
    }

    static func setVisible(_ widget: Widget, _ visible: Bool) {
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }

    /// Lays a box (or any orientable) out as a column, or as a row.
    static func setVertical(_ widget: Widget, _ vertical: Bool) {
        gtk_orientable_set_orientation(gcast(widget), vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
    }

    static func setSensitive(_ widget: Widget, _ sensitive: Bool) {
        gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }

    /// Loads the app's style sheet for the whole display.
    static func installStyleSheet(_ css: String) {
        _ = StyleSheet(css)
    }

    /// A style sheet for the whole display that can be replaced (rules that
    /// follow the layout, such as where toasts go).
    final class StyleSheet {
        private let provider: UnsafeMutablePointer<GtkCssProvider>

        init(_ css: String = "") {
            provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, css, -1)
            gtk_style_context_add_provider_for_display(
                gdk_display_get_default(), squarecam_style_provider(provider),
                guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            // The display holds it from now on, for the app's life.
            g_object_unref(provider)
        }

        func replace(with css: String) {
            gtk_css_provider_load_from_data(provider, css, -1)
        }
    }
}

/// Constructors for the plain widgets the pages are built from.
@MainActor
enum Make {
    /// A drawing area that draws nothing and only reports its size ("resize"):
    /// what a page measures its space with (libadwaita 1.2 has no breakpoints).
    /// Untouchable, and hidden from screen readers, which would read its type, "GtkDrawingArea".
    static func sizeSensor() -> Widget {
        let sensor = gtk_drawing_area_new()!
        gtk_widget_set_can_target(sensor, 0)
        squarecam_accessible_set_hidden(sensor, 1)
        return sensor
    }

    /// `labelIsValue`: the visible label is the button's value, read after its accessible
    /// label ("Countdown Off"); otherwise it is the name itself, read once.
    static func button(label: String? = nil, icon: String? = nil, tooltip: String, accessibleLabel: String? = nil,
                       labelIsValue: Bool = false) -> Widget {
        let button: Widget
        if let icon, let label {
            button = gtk_button_new()
            let content = adw_button_content_new()!
            adw_button_content_set_icon_name(gcast(content), icon)
            adw_button_content_set_label(gcast(content), label)
            adw_button_content_set_use_underline(gcast(content), 1)
            gtk_button_set_child(gcast(button), content)
        } else if let icon {
            button = gtk_button_new_from_icon_name(icon)
        } else {
            button = gtk_button_new_with_mnemonic(label ?? "")
        }
        WidgetStyle.describe(button, label: accessibleLabel ?? label ?? tooltip, tooltip: tooltip)
        if label != nil && !labelIsValue { WidgetStyle.nameByAccessibleLabelOnly(button) }
        return button
    }

    /// GTK 4.8 shows a toggle button to screen readers as a push button, "pressed"
    /// when on and nothing when off: indistinguishable from a plain button that is
    /// off. As a switch (a check box to AT-SPI) it is read "checked" or "not checked".
    static func toggleButton(icon: String, tooltip: String) -> Widget {
        checkableButton(icon: icon, tooltip: tooltip, role: GTK_ACCESSIBLE_ROLE_SWITCH)
    }

    /// One of a group of toggles of which one is on (photo or video): a radio
    /// button to screen readers, read "checked" for the one chosen.
    static func radioButton(icon: String, tooltip: String) -> Widget {
        checkableButton(icon: icon, tooltip: tooltip, role: GTK_ACCESSIBLE_ROLE_RADIO)
    }

    /// A toggle button whose checked state screen readers read, in `role`.
    private static func checkableButton(icon: String, tooltip: String, role: GtkAccessibleRole) -> Widget {
        let button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(gcast(button), icon)
        WidgetStyle.describe(button, label: tooltip)
        squarecam_widget_set_accessible_role(button, role)
        squarecam_accessible_set_checked(button, 0)
        Signal.connect(button, "toggled") {
            squarecam_accessible_set_checked(button, gtk_toggle_button_get_active(gcast(button)))
        }
        return button
    }

    static func label(_ text: String, classes: [String] = []) -> Widget {
        let label = gtk_label_new(text)!
        for name in classes { WidgetStyle.addClass(label, name) }
        return label
    }

    /// A label that wraps as prose (TextWrap.wrapsAsProse): a word too long
    /// for its line broken anywhere, without hyphens; Korean words whole.
    static func wrappingLabel(_ text: String, classes: [String] = []) -> Widget {
        let label = label(text, classes: classes)
        TextWrap.wrapsAsProse(label)
        return label
    }

    static func box(vertical: Bool, spacing: Int32 = 0, _ children: [Widget] = []) -> Widget {
        let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
        for child in children { gtk_box_append(gcast(box), child) }
        return box
    }

    static func centerBox(start: Widget?, center: Widget?, end: Widget?) -> Widget {
        let box = gtk_center_box_new()!
        if let start { gtk_center_box_set_start_widget(gcast(box), start) }
        if let center { gtk_center_box_set_center_widget(gcast(box), center) }
        if let end { gtk_center_box_set_end_widget(gcast(box), end) }
        return box
    }

    /// A square frame: its child fills the largest centred square of the space.
    static func squareFrame(_ child: Widget) -> Widget {
        let frame = gtk_aspect_frame_new(0.5, 0.5, 1, 0)!
        gtk_aspect_frame_set_child(gcast(frame), child)
        WidgetStyle.expand(frame)
        return frame
    }

    static func overlay(_ main: Widget, _ layers: [Widget]) -> Widget {
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(overlay), main)
        for layer in layers {
            gtk_overlay_add_overlay(gcast(overlay), layer)
            gtk_widget_set_can_target(layer, 0)
        }
        return overlay
    }

    /// A GtkStringList of `items`, the model of a drop-down or combo row; the caller owns it.
    static func stringList(_ items: [String]) -> OpaquePointer {
        withCStringArray(items) { gtk_string_list_new($0) }
    }

    /// A picture that scales its paintable down to the space given, keeping its shape.
    static func picture() -> Widget {
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(gcast(picture), 1)
        gtk_picture_set_content_fit(gcast(picture), GTK_CONTENT_FIT_CONTAIN)
        WidgetStyle.expand(picture)
        return picture
    }
}
