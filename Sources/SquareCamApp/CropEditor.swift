import CGtk
import SquareCamCore

/// The crop editor: the whole captured frame, fitted into the canvas, with
/// the square over it; outside the square the photo is dimmed, not hidden.
/// Dragging moves the square, scrolling or pinching resizes it, and it can
/// reach every edge but never leave the photo (the geometry is Core's
/// `SquareCropBox`).
@MainActor
final class CropEditor {
    let widget: Widget
    let canvas: Widget
    let cancelButton: Widget
    let resetButton: Widget
    let zoomInButton: Widget
    let zoomOutButton: Widget
    let doneButton: Widget
    /// Saves the square as a round avatar: a PNG with transparent corners.
    let roundButton: Widget
    private var image: DisplayImage?
    private(set) var crop = SquareCropBox(frameSize: PixelSize(width: 1, height: 1))
    private var dragStart: SquareCropBox?
    private var zoomStart: SquareCropBox?
    private let tools: Widget
    private let actions: Widget
    /// The column (or rows) of buttons: tools, the way out, the round avatar.
    private let buttons: Widget
    let area: AdaptiveArea
    /// Space kept around the photo, so the square's outline is never cut off.
    private static let margin = 16.0

    init() {
        canvas = gtk_drawing_area_new()
        WidgetStyle.expand(canvas)
        gtk_widget_set_focusable(canvas, 1)
        // For screen readers a slider (the arrow keys move it), whose value is the
        // square's place in words (`describePosition`); a drawing area is a nameless filler.
        squarecam_widget_set_accessible_role(canvas, GTK_ACCESSIBLE_ROLE_SLIDER)
        WidgetStyle.describe(canvas, label: localized("Crop Area"),
                             tooltip: localized("Drag the square to move it; pinch, scroll or +/− to resize it; arrow keys nudge it"))
        cancelButton = Make.button(label: localized("_Cancel"), tooltip: localized("Back to the photo (Esc)"), accessibleLabel: localized("Cancel"))
        resetButton = Make.button(label: localized("_Reset"), tooltip: localized("The widest centred square (0)"), accessibleLabel: localized("Reset"))
        zoomOutButton = Make.button(icon: "zoom-out-symbolic", tooltip: localized("Zoom Out (−)"))
        zoomInButton = Make.button(icon: "zoom-in-symbolic", tooltip: localized("Zoom In (+)"))
        doneButton = Make.button(label: localized("Save _Square"), tooltip: localized("Save this square as the photo (Enter)"),
                                 accessibleLabel: localized("Save Square"))
        roundButton = Make.button(label: localized("Save as Round _Avatar"),
                                  tooltip: localized("Save the circle inside this square as a PNG with transparent corners"),
                                  accessibleLabel: localized("Save as Round Avatar"))
        for button in [cancelButton, resetButton, doneButton, roundButton] { WidgetStyle.addClass(button, "pill") }
        for button in [zoomInButton, zoomOutButton] { WidgetStyle.addClass(button, "circular") }
        WidgetStyle.addClass(doneButton, "suggested-action")
        // Two short rows fit a phone held upright: the tools, then the way out (Cancel / Save Square).
        tools = Make.box(vertical: false, spacing: 12, [resetButton, zoomOutButton, zoomInButton])
        actions = Make.box(vertical: false, spacing: 12, [cancelButton, doneButton])
        for row in [tools, actions] { gtk_widget_set_halign(row, GTK_ALIGN_CENTER) }
        gtk_widget_set_halign(roundButton, GTK_ALIGN_CENTER)
        buttons = Make.box(vertical: true, spacing: 12, [tools, actions, roundButton])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        WidgetStyle.margins(buttons, 12)
        // The instructions are always on screen: a touch screen has no hover to show a tooltip.
        let hint = Make.wrappingLabel(localized("Drag the square to move it. Pinch or scroll to resize it."), classes: ["dim-label", "caption"])
        gtk_label_set_max_width_chars(gcast(hint), 28)
        gtk_label_set_justify(gcast(hint), GTK_JUSTIFY_CENTER)
        WidgetStyle.margins(hint, 6)
        let controls = Make.box(vertical: true, spacing: 0, [hint, buttons])
        gtk_widget_set_valign(controls, GTK_ALIGN_CENTER)
        area = AdaptiveArea(picture: canvas, controls: controls, squarePicture: false)
        widget = area.widget
        WidgetStyle.addClass(canvas, "crop-canvas")

        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(canvas), { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let editor = Unmanaged<CropEditor>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { editor.draw(cairo, width: Double(width), height: Double(height)) }
        }, context, nil)
        installGestures()
        area.onArrange = { [weak self] arrangement, space in
            guard let self else { return }
            WidgetStyle.setVertical(self.actions, arrangement == .sideBySide)
            // A phone on its side, less its top bar (720×328): four rows of
            // buttons beside the photo fit only with tighter gaps.
            let gap: Int32 = arrangement == .sideBySide && space.height < 360 ? 6 : 12
            gtk_box_set_spacing(gcast(self.buttons), gap)
            gtk_box_set_spacing(gcast(self.actions), gap)
            WidgetStyle.margins(self.buttons, gap)
        }
    }

    /// Opens the editor on `image` (the whole frame, perhaps scaled down) with the box at `crop`.
    func open(image: DisplayImage, frameSize: PixelSize, crop rect: PixelRect) {
        self.image = image
        crop = SquareCropBox(frameSize: frameSize, rect: rect)
        gtk_widget_queue_draw(canvas)
        describePosition()
    }

    /// Draws the round avatar guide inside the square.
    var showsCircle = false {
        didSet { gtk_widget_queue_draw(canvas) }
    }

    /// True once `open` has shown a photo (and until `close`): `crop` is that photo's.
    var showsPhoto: Bool { image != nil }

    /// Releases the frame's pixels.
    func close() {
        image = nil
    }

    func zoom(by factor: Double) { update { $0.zoom(by: factor) } }
    /// One step (`SquareCropBox.zoomStep`), the same for the + and − keys and buttons.
    func zoomIn() { update { $0.zoomIn() } }
    func zoomOut() { update { $0.zoomOut() } }
    func nudge(dx: Int, dy: Int) {
        let step = max(1, crop.side / 100)
        update { $0.move(dx: dx * step, dy: dy * step) }
    }
    func reset() { update { $0.reset() } }

    private func update(_ change: (inout SquareCropBox) -> Void) {
        change(&crop)
        gtk_widget_queue_draw(canvas)
        describePosition()
        Trace.line("editor crop \(crop.rect)")
    }

    /// The square's place in words, as the canvas's description and value: read with
    /// its name when it gets the focus, and spoken again each time it moves or resizes
    /// (screen readers speak a description that changes on the focused widget; GTK 4.8
    /// exposes no value for a widget that is not a range).
    private func describePosition() {
        let rect = crop.rect
        let words = localized("Square {side} pixels, {left} from the left, {top} from the top",
                              ["side": String(rect.width), "left": String(rect.x), "top": String(rect.y)])
        squarecam_accessible_set_description(canvas, words)
        squarecam_accessible_set_value_text(canvas, words)
    }

    /// Where the whole frame is drawn: its top-left corner and points per frame pixel.
    private func layout(width: Double, height: Double) -> (origin: Point2D, scale: Double) {
        let room = Size2D(width: max(1, width - 2 * Self.margin), height: max(1, height - 2 * Self.margin))
        let scale = SquareCropBox.displayScale(fitting: crop.frameSize, into: room)
        let origin = Point2D(x: (width - Double(crop.frameSize.width) * scale) / 2,
                             y: (height - Double(crop.frameSize.height) * scale) / 2)
        return (origin, scale)
    }

    private var currentLayout: (origin: Point2D, scale: Double) {
        layout(width: Double(gtk_widget_get_width(canvas)), height: Double(gtk_widget_get_height(canvas)))
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        let (origin, scale) = layout(width: width, height: height)
        cairo_set_source_rgb(cairo, 0.08, 0.08, 0.08)
        cairo_paint(cairo)
        // The photo is developed off the main thread when the editor opens: until it
        // comes, the canvas stays empty (a square drawn then stood over nothing, sized for the last photo).
        guard let surface = image?.surface else { return }
        cairo_save(cairo)
        cairo_translate(cairo, origin.x, origin.y)
        let surfaceScale = Double(crop.frameSize.width) / Double(cairo_image_surface_get_width(surface))
        cairo_scale(cairo, scale * surfaceScale, scale * surfaceScale)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
        let box = crop.widgetRect(displayScale: scale, frameOrigin: origin)
        // Dim what falls outside the square (still visible), then outline it and mark its thirds.
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.55)
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
        cairo_fill(cairo)
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.45)
        cairo_set_line_width(cairo, 1)
        for third in [1.0 / 3, 2.0 / 3] {
            cairo_move_to(cairo, box.x + box.width * third, box.y)
            cairo_line_to(cairo, box.x + box.width * third, box.maxY)
            cairo_move_to(cairo, box.x, box.y + box.height * third)
            cairo_line_to(cairo, box.maxX, box.y + box.height * third)
        }
        cairo_stroke(cairo)
        if showsCircle { CircleGuide.draw(cairo, in: box) }
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.95)
        cairo_set_line_width(cairo, 3)
        cairo_rectangle(cairo, box.x - 1.5, box.y - 1.5, box.width + 3, box.height + 3)
        cairo_stroke(cairo)
    }

    private func installGestures() {
        let drag = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        Signal.connectPoint(drag, "drag-begin") { [weak self] _, _ in
            guard let self else { return }
            dragStart = crop
            gtk_widget_grab_focus(canvas)
        }
        Signal.connectPoint(drag, "drag-update") { [weak self] dx, dy in
            guard let self, let start = dragStart else { return }
            // The square follows the finger or pointer, measured from where the drag began.
            var moved = start
            moved.move(byWidgetDX: dx, dy: dy, displayScale: currentLayout.scale)
            update { $0 = moved }
        }
        gtk_widget_add_controller(canvas, squarecam_event_controller(drag))

        let scroll = UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!)
        Signal.connectPointReturning(scroll, "scroll") { [weak self] _, dy in
            self?.zoom(by: dy < 0 ? 1.1 : 1 / 1.1)
            return true
        }
        gtk_widget_add_controller(canvas, squarecam_event_controller(scroll))

        let pinch = UnsafeMutableRawPointer(gtk_gesture_zoom_new()!)
        Signal.connect(pinch, "begin") { [weak self] in self?.zoomStart = self?.crop }
        Signal.connectDouble(pinch, "scale-changed") { [weak self] factor in
            guard let self, var zoomed = zoomStart, factor > 0 else { return }
            // Spreading the fingers enlarges the photo's detail: the square covers less, around the fingers.
            var centerX = 0.0, centerY = 0.0
            let layout = currentLayout
            let anchor = gtk_gesture_get_bounding_box_center(squarecam_gesture(pinch), &centerX, &centerY) != 0
                ? SquareCropBox.framePoint(forWidgetPoint: Point2D(x: centerX, y: centerY), displayScale: layout.scale, frameOrigin: layout.origin)
                : nil
            zoomed.zoom(by: factor, around: anchor)
            update { $0 = zoomed }
        }
        gtk_widget_add_controller(canvas, squarecam_event_controller(pinch))
    }
}
