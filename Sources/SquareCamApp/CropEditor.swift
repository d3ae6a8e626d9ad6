import CGtk
import SquareCamCore

/// The crop editor: the whole captured frame under a fixed square box.
/// Dragging moves the photo under the box, scrolling or pinching zooms,
/// and the box can reach every edge but never leave the photo.
@MainActor
final class CropEditor {
    let widget: Widget
    let canvas: Widget
    let cancelButton: Widget
    let resetButton: Widget
    let zoomInButton: Widget
    let zoomOutButton: Widget
    let doneButton: Widget
    private var image: DisplayImage?
    private(set) var crop = SquareCropBox(frameSize: PixelSize(width: 1, height: 1))
    private var dragStart: SquareCropBox?
    private var zoomStart: SquareCropBox?

    init() {
        canvas = gtk_drawing_area_new()
        WidgetStyle.expand(canvas)
        gtk_widget_set_focusable(canvas, 1)
        WidgetStyle.describe(canvas, label: localized("Crop Area"),
                             tooltip: localized("Drag to move the photo under the square; scroll, pinch or +/− to zoom; arrow keys nudge"))
        cancelButton = Make.button(label: localized("_Cancel"), tooltip: localized("Back to the photo (Esc)"), accessibleLabel: localized("Cancel"))
        resetButton = Make.button(label: localized("_Reset"), tooltip: localized("The widest centred square (0)"), accessibleLabel: localized("Reset"))
        zoomOutButton = Make.button(icon: "zoom-out-symbolic", tooltip: localized("Zoom Out (−)"))
        zoomInButton = Make.button(icon: "zoom-in-symbolic", tooltip: localized("Zoom In (+)"))
        doneButton = Make.button(label: localized("_Done"), tooltip: localized("Save this square (Enter)"), accessibleLabel: localized("Done"))
        for button in [cancelButton, resetButton, doneButton] { WidgetStyle.addClass(button, "pill") }
        for button in [zoomInButton, zoomOutButton] { WidgetStyle.addClass(button, "circular") }
        WidgetStyle.addClass(doneButton, "suggested-action")
        let buttons = Make.box(vertical: false, spacing: 12, [cancelButton, resetButton, zoomOutButton, zoomInButton, doneButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        WidgetStyle.margins(buttons, 12)
        widget = Make.box(vertical: true, spacing: 0, [canvas, buttons])
        WidgetStyle.addClass(canvas, "crop-canvas")

        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(canvas), { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let editor = Unmanaged<CropEditor>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { editor.draw(cairo, width: Double(width), height: Double(height)) }
        }, context, nil)
        installGestures()
    }

    /// Opens the editor on `image` (the whole frame, perhaps scaled down) with the box at `crop`.
    func open(image: DisplayImage, frameSize: PixelSize, crop rect: PixelRect) {
        self.image = image
        crop = SquareCropBox(frameSize: frameSize, rect: rect)
        gtk_widget_queue_draw(canvas)
    }

    /// Releases the frame's pixels.
    func close() {
        image = nil
    }

    func zoom(by factor: Double) { update { $0.zoom(by: factor) } }
    func nudge(dx: Int, dy: Int) {
        let step = max(1, crop.side / 100)
        update { $0.move(dx: dx * step, dy: dy * step) }
    }
    func reset() { update { $0.reset() } }

    private func update(_ change: (inout SquareCropBox) -> Void) {
        change(&crop)
        gtk_widget_queue_draw(canvas)
        Trace.line("editor crop \(crop.rect)")
    }

    /// Where the fixed box sits in the canvas, in widget coordinates.
    private func boxRect(width: Double, height: Double) -> (x: Double, y: Double, side: Double) {
        let side = max(1, min(width, height) - 32)
        return ((width - side) / 2, (height - side) / 2, side)
    }

    /// Widget points per frame pixel for the current crop.
    private var scale: Double {
        let box = boxRect(width: Double(gtk_widget_get_width(canvas)), height: Double(gtk_widget_get_height(canvas)))
        return box.side / Double(crop.side)
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        let box = boxRect(width: width, height: height)
        let scale = box.side / Double(crop.side)
        cairo_set_source_rgb(cairo, 0.08, 0.08, 0.08)
        cairo_paint(cairo)
        if let surface = image?.surface {
            cairo_save(cairo)
            cairo_translate(cairo, box.x - Double(crop.rect.x) * scale, box.y - Double(crop.rect.y) * scale)
            let surfaceScale = Double(crop.frameSize.width) / Double(cairo_image_surface_get_width(surface))
            cairo_scale(cairo, scale * surfaceScale, scale * surfaceScale)
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
        // Dim what falls outside the square, then outline it.
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.6)
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_rectangle(cairo, box.x, box.y, box.side, box.side)
        cairo_fill(cairo)
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.9)
        cairo_set_line_width(cairo, 2)
        cairo_rectangle(cairo, box.x - 1, box.y - 1, box.side + 2, box.side + 2)
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
            let scale = self.scale
            // Dragging the photo right shows more of its left side: the box moves left.
            var moved = start
            moved.move(dx: Int((-dx / scale).rounded()), dy: Int((-dy / scale).rounded()))
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
            zoomed.zoom(by: factor)
            update { $0 = zoomed }
        }
        gtk_widget_add_controller(canvas, squarecam_event_controller(pinch))
    }
}
