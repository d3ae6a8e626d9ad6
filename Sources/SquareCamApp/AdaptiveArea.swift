import CGtk
import SquareCamCore

/// A page whose picture and controls `CaptureLayout` places as the window
/// changes size: a drawing area with nothing to draw reports the page's
/// size, and the picture and controls lie over it at the layout's
/// rectangles (the overlay asks for them as it allocates). Overlay children
/// do not count towards the window's minimum size, so the window shrinks
/// freely to a phone's screen.
@MainActor
final class AdaptiveArea {
    let widget: Widget
    private let sensor: Widget
    private let picture: Widget
    private let controls: Widget
    /// Holders placed at the layout's rectangles, so the controls' own margins and measurements stay theirs.
    private let pictureSlot: Widget
    private let controlsSlot: Widget
    private let squarePicture: Bool
    /// Called before the controls are measured in an arrangement, with the
    /// page's size: the page turns its rows into columns or back (and may
    /// stack a row that is too wide). Must not mind being called again.
    var onArrange: ((CaptureLayout.Arrangement, Size2D) -> Void)?
    /// Called after each placement, with the page's size.
    var onPlaced: ((Size2D) -> Void)?
    /// Pages showing the same square (live, a photo's review, a clip's):
    /// each leaves the room the thickest of their controls needs, so the
    /// square stays in the same place, the same size, when one follows another.
    var sharesRoomWith: [AdaptiveArea] {
        get { partners.compactMap(\.area) }
        set { partners = newValue.map(Partner.init) }
    }
    private struct Partner {
        weak var area: AdaptiveArea?
    }
    private var partners: [Partner] = []
    /// Room kept free at the top of a column of controls beside the picture
    /// (the compact window's corner buttons are there).
    var besideTopInset = 0.0 {
        didSet { if besideTopInset != oldValue { invalidate() } }
    }
    private(set) var layout: CaptureLayout?
    private(set) var arrangement: CaptureLayout.Arrangement?
    private var size = Size2D(width: 0, height: 0)
    /// Where the last placement put the picture and the controls, for a page
    /// of which size. Today that is always `size`, but kept apart: a
    /// placement that lagged behind `size` (as when it waited for the next
    /// turn of the loop) must trace as unfinished.
    private var placed: (picture: Rect2D, controls: Rect2D, page: Size2D)?
    private var placing = false
    /// The page's name in the debug log.
    var name = "page"
    private var tracedFirstPaint = false

    init(picture: Widget, controls: Widget, squarePicture: Bool) {
        self.picture = picture
        self.controls = controls
        self.squarePicture = squarePicture
        sensor = Make.sizeSensor()
        WidgetStyle.expand(sensor)
        widget = gtk_overlay_new()
        gtk_overlay_set_child(gcast(widget), sensor)
        WidgetStyle.expand(picture)
        pictureSlot = Make.box(vertical: true, spacing: 0, [picture])
        controlsSlot = Make.box(vertical: true, spacing: 0, [controls])
        gtk_widget_set_vexpand(controls, 1)
        for slot in [pictureSlot, controlsSlot] {
            gtk_widget_set_halign(slot, GTK_ALIGN_FILL)
            gtk_widget_set_valign(slot, GTK_ALIGN_FILL)
            // Unseen until first placed: never a frame of both filling the page (the shutter over a black picture).
            gtk_widget_set_opacity(slot, 0)
            gtk_overlay_add_overlay(gcast(widget), slot)
        }
        Signal.connectSize(sensor, "resize") { [weak self] width, height in
            self?.resized(Size2D(width: Double(width), height: Double(height)))
        }
        Signal.connectChildPosition(widget) { [weak self] child in self?.position(of: child) }
        Signal.connect(widget, "map") { [weak self] in self?.traceFirstPaint() }
    }

    /// `NAME first drawn laid out|blank|unfinished at WxH`: what the page's
    /// first frame on screen showed — its layout for that size, nothing yet,
    /// or the picture and controls not yet placed (each filling the page).
    private func traceFirstPaint() {
        guard Trace.enabled, !tracedFirstPaint else { return }
        tracedFirstPaint = true
        traceNextPaint("first drawn")
    }

    /// `NAME EVENT laid out|blank|unfinished at WxH` once the next frame is on screen.
    private func traceNextPaint(_ event: String) {
        FrameClock.afterNextPaint(of: widget) { [weak self] in
            guard let self else { return }
            let what = drawnAsPlaced ? "laid out" : gtk_widget_get_opacity(pictureSlot) == 0 ? "blank" : "unfinished"
            Trace.line("\(name) \(event) \(what) at \(gtk_widget_get_width(sensor))x\(gtk_widget_get_height(sensor))")
        }
    }

    /// True when the picture and the controls are where the last placement
    /// put them, and it was for the page's present size.
    private var drawnAsPlaced: Bool {
        guard let placed, placed.page == Size2D(width: Double(gtk_widget_get_width(sensor)), height: Double(gtk_widget_get_height(sensor))) else {
            return false
        }
        func bounds(_ slot: Widget) -> Rect2D? {
            var rect = graphene_rect_t()
            guard gtk_widget_compute_bounds(slot, widget, &rect) != 0 else { return nil }
            return Rect2D(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
        }
        func near(_ drawn: Rect2D?, _ wanted: Rect2D) -> Bool {
            guard let drawn else { return false }
            return [drawn.x - wanted.x, drawn.y - wanted.y, drawn.maxX - wanted.maxX, drawn.maxY - wanted.maxY].allSatisfy { abs($0) <= 1 }
        }
        return near(bounds(pictureSlot), placed.picture) && near(bounds(controlsSlot), placed.controls)
    }

    /// Placed at once, inside the allocation that reports the new size: the
    /// overlay allocates its picture and controls after its page-sized
    /// child, so the frame drawn at the new size shows them placed for it
    /// (placed on the next turn of the loop, one frame showed the controls
    /// where the old size had them, off a window just made smaller).
    private func resized(_ newSize: Size2D) {
        guard newSize != size else { return }
        size = newSize
        place(allocating: true)
        if Trace.enabled && gtk_widget_get_mapped(widget) != 0 { traceNextPaint("redrawn") }
    }

    /// The overlay's question: where `child` goes. The controls get at least
    /// the height they need at their width (GTK's own answer measured them
    /// without a width, as if a wrapping hint were at its narrowest: 14 px
    /// more than their room, past the page's edge).
    private func position(of child: gpointer?) -> GdkRectangle? {
        guard let placed, let child else { return nil }
        let (slot, rect) = child == UnsafeMutableRawPointer(pictureSlot) ? (pictureSlot, placed.picture) : (controlsSlot, placed.controls)
        let width = Int32(rect.width.rounded())
        // GTK wants each child measured before it is allocated.
        var minimumWidth: Int32 = 0, minimumHeight: Int32 = 0
        gtk_widget_measure(slot, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
        gtk_widget_measure(slot, GTK_ORIENTATION_VERTICAL, max(width, minimumWidth), &minimumHeight, nil, nil, nil)
        return GdkRectangle(x: Int32(rect.x.rounded()), y: Int32(rect.y.rounded()),
                            width: max(width, minimumWidth), height: max(Int32(rect.height.rounded()), minimumHeight))
    }

    /// Places picture and controls for `space` at once, before the page shows
    /// at that size (its stack's): its first frame is laid out, instead of
    /// waiting for the size its first frame reports.
    func prepare(for space: Size2D) {
        guard space.width > 0, space.height > 0, space != size else { return }
        size = space
        place(allocating: false)
    }

    /// Places picture and controls again: the controls changed size (a
    /// message appeared, a button came or went).
    func invalidate() {
        // Once for any number of changes, on the next turn of the loop, when they are all made.
        guard !placing, size.width > 0 else { return }
        placing = true
        Task { @MainActor in
            self.placing = false
            self.place(allocating: false)
        }
    }

    /// `allocating`: called while the overlay is being allocated, which then
    /// asks for the new positions anyway.
    private func place(allocating: Bool) {
        let below = room(.stacked), beside = room(.sideBySide)
        let chosen = CaptureLayout(space: size, controlsBelow: below, controlsBeside: beside, squarePicture: squarePicture).arrangement
        arrangement = chosen
        // Measured again in the chosen arrangement, which leaves the controls arranged so.
        let layout = CaptureLayout(arrangement: chosen, space: size, controlsThickness: room(chosen), squarePicture: squarePicture)
        self.layout = layout
        var controls = layout.controls
        if chosen == .sideBySide {
            controls = Rect2D(x: controls.x, y: controls.y + besideTopInset, width: controls.width, height: max(0, controls.height - besideTopInset))
        }
        placed = (layout.picture, controls, size)
        if !allocating { gtk_widget_queue_allocate(widget) }
        for slot in [pictureSlot, controlsSlot] { gtk_widget_set_opacity(slot, 1) }
        Trace.line("layout \(Int(size.width))x\(Int(size.height)) \(layout)")
        onPlaced?(size)
    }

    /// The room the controls take in `arrangement`: this page's, or a
    /// partner's if thicker. The partners are measured first, so this page's
    /// controls are the ones left arranged so.
    private func room(_ arrangement: CaptureLayout.Arrangement) -> Double {
        let partners = sharesRoomWith.map { $0.thickness(arrangement, in: size, forPartner: true) }.max() ?? 0
        return max(partners, thickness(arrangement, in: size))
    }

    /// The controls' natural height in a row under the picture, or width in a
    /// column beside it, in a page of `space`. A page measured for its partner
    /// gets its own arrangement back.
    private func thickness(_ measured: CaptureLayout.Arrangement, in space: Size2D, forPartner: Bool = false) -> Double {
        onArrange?(measured, space)
        var minimum: Int32 = 0, natural: Int32 = 0
        switch measured {
        case .stacked:
            gtk_widget_measure(controls, GTK_ORIENTATION_VERTICAL, Int32(space.width), &minimum, &natural, nil, nil)
        case .sideBySide:
            gtk_widget_measure(controls, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        }
        if forPartner, let arrangement, arrangement != measured { onArrange?(arrangement, size) }
        return Double(natural)
    }
}
