import CGtk
import SquareCamCore

/// The live square: the camera's viewfinder frames drawn in the largest
/// centred square of the space given, with the thirds grid, the shutter
/// flash and the countdown on top.
///
/// Frames are requested at the widget's size in device pixels (size ×
/// scale factor) so they are drawn 1:1, sharp on HiDPI screens; a resize asks
/// for the new size at once. They come through a `ViewfinderFeed` ready to
/// paint, so the main thread only paints them.
@MainActor
final class Viewfinder {
    /// The widget to place in a page.
    let widget: Widget
    private let view = ImageView(covers: true)
    private var picture: Widget { view.widget }
    private let grid: Widget
    private let circle: Widget
    private let flash: Widget
    private let countdown: Widget
    /// The picture and all that lies over it; black while no frame covers it.
    private let layers: Widget
    private let feed = ViewfinderFeed()
    private var shownCountdown: Int?
    private var flashAnimation: GObjectReference?
    /// Keeps the picture alive until the last frame delivery has run, even
    /// after the window is gone.
    private let pictureReference: GObjectReference

    /// Mirror the picture left-right (display only; photos are never mirrored).
    var mirrored: Bool {
        get { feed.mirrored }
        set { feed.mirrored = newValue }
    }
    /// While paused (review, editor) nothing is drawn, and the camera stops
    /// scaling viewfinder frames nobody sees; `attach` after unpausing asks for them again.
    var paused = false {
        didSet { if paused && !oldValue { feed.pause() } }
    }
    private var framesShownSinceAttach = 0
    /// Attached before the picture had a size: frames are asked for once it has.
    private var waitsForSize = false
    /// The side of the frame shown last (a change is a resize).
    private(set) var shownSide = 0
    private var shownMirrored = false
    /// Frames drawn since start.
    private(set) var framesShown = 0
    /// Called after each frame is drawn.
    var onFrameShown: (() -> Void)?
    /// A drag moved the picture by this many shares of the square's side
    /// (the square moves the other way; mirroring already accounted for).
    var onPan: ((Point2D) -> Void)?
    /// Scroll wheel or touchpad: zoom steps, positive in.
    var onZoomSteps: ((Double) -> Void)?
    /// A pinch changed the picture's scale by this factor since its last report.
    var onPinch: ((_ factor: Double) -> Void)?
    /// The drag's and the pinch's progress at their last report.
    private var dragged = Point2D.zero
    private var pinched = 1.0

    init() {
        pictureReference = GObjectReference(retaining: UnsafeMutableRawPointer(view.widget))
        // For screen readers only: a tooltip sat over the live picture (and was cut off on a phone).
        WidgetStyle.describeForScreenReaders(view.widget, label: localized("Viewfinder"),
                                             description: localized("What the camera sees: the square photo you will take"))
        grid = gtk_drawing_area_new()
        gtk_drawing_area_set_draw_func(gcast(grid), { _, cairo, width, height, _ in
            guard let cairo else { return }
            Viewfinder.drawThirds(cairo, width: Double(width), height: Double(height))
        }, nil, nil)
        WidgetStyle.setVisible(grid, false)
        circle = gtk_drawing_area_new()
        gtk_drawing_area_set_draw_func(gcast(circle), { _, cairo, width, height, _ in
            guard let cairo else { return }
            CircleGuide.draw(cairo, in: Rect2D(x: 0, y: 0, width: Double(width), height: Double(height)))
        }, nil, nil)
        WidgetStyle.setVisible(circle, false)
        flash = Make.box(vertical: false)
        WidgetStyle.addClass(flash, "shutter-flash")
        gtk_widget_set_opacity(flash, 0)
        countdown = Make.label("", classes: ["countdown"])
        WidgetStyle.setVisible(countdown, false)
        layers = Make.overlay(view.widget, [grid, circle, flash, countdown])
        WidgetStyle.addClass(layers, "viewfinder")
        WidgetStyle.addClass(layers, "empty")
        widget = Make.squareFrame(layers)
        gtk_widget_set_overflow(layers, GTK_OVERFLOW_HIDDEN)
        installGestures()
        Signal.connectSize(view.widget, "resize") { [weak self] _, _ in
            guard let self, waitsForSize, !paused else { return }
            waitsForSize = false
            requestFramesAtWidgetSize()
        }
    }

    /// Drag to pan, scroll and pinch to zoom (the controller decides whether they may).
    private func installGestures() {
        let drag = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        Signal.connectPoint(drag, "drag-begin") { [weak self] _, _ in self?.dragged = .zero }
        Signal.connectPoint(drag, "drag-update") { [weak self] dx, dy in
            guard let self else { return }
            let side = Double(max(1, gtk_widget_get_width(picture)))
            let step = Point2D(x: (dx - dragged.x) / side, y: (dy - dragged.y) / side)
            dragged = Point2D(x: dx, y: dy)
            // Dragging the picture right shows what lies to the left: the square moves left.
            onPan?(Point2D(x: mirrored ? step.x : -step.x, y: -step.y))
        }
        gtk_widget_add_controller(widget, squarecam_event_controller(drag))

        let scroll = UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!)
        Signal.connectPointReturning(scroll, "scroll") { [weak self] _, dy in
            // A wheel's notch is 1; a touchpad sends fractions.
            self?.onZoomSteps?(-max(-1, min(1, dy)))
            return true
        }
        gtk_widget_add_controller(widget, squarecam_event_controller(scroll))

        let pinch = UnsafeMutableRawPointer(gtk_gesture_zoom_new()!)
        Signal.connect(pinch, "begin") { [weak self] in self?.pinched = 1 }
        Signal.connectDouble(pinch, "scale-changed") { [weak self] scale in
            guard let self, scale > 0 else { return }
            let factor = scale / pinched
            pinched = scale
            onPinch?(factor)
        }
        gtk_widget_add_controller(widget, squarecam_event_controller(pinch))
    }

    /// The camera whose frames are drawn, if any.
    var attachedCamera: (any Camera)? { feed.camera }

    /// Starts drawing `camera`'s frames.
    func attach(_ camera: any Camera) {
        framesShownSinceAttach = 0
        feed.attach(camera) { [weak self] frame in self?.show(frame) }
        // Asked at the picture's size, now or once it has one ("resize"
        // comes with its first layout, before it is drawn: the latest frame
        // can be in its first paint).
        if gtk_widget_get_width(picture) > 0 {
            requestFramesAtWidgetSize()
        } else {
            waitsForSize = true
        }
    }

    /// Stops frame delivery and clears the picture.
    func detach() {
        waitsForSize = false
        feed.detach()
        view.image = nil
        WidgetStyle.addClass(layers, "empty")
    }

    /// Shows or hides the rule-of-thirds grid.
    var showsGrid: Bool {
        get { gtk_widget_get_visible(grid) != 0 }
        set {
            WidgetStyle.setVisible(grid, newValue)
            Trace.line("grid \(newValue ? "shown" : "hidden")")
        }
    }

    /// Shows or hides the round avatar guide.
    var showsCircle: Bool {
        get { gtk_widget_get_visible(circle) != 0 }
        set {
            WidgetStyle.setVisible(circle, newValue)
            Trace.line("circle guide \(newValue ? "shown" : "hidden")")
        }
    }

    /// Shows a countdown number over the picture, or hides it (`nil`); true when that is new.
    @discardableResult
    func setCountdown(_ seconds: Int?) -> Bool {
        // Drawn from the controller's state on every change: only a new value is news.
        guard seconds != shownCountdown else { return false }
        shownCountdown = seconds
        Trace.line("countdown \(seconds.map(String.init) ?? "hidden")")
        if let seconds {
            gtk_label_set_text(gcast(countdown), String(seconds))
        }
        WidgetStyle.setVisible(countdown, seconds != nil)
        return true
    }

    /// A short white flash: the shutter's visible feedback.
    func playFlash() {
        let target = adw_callback_animation_target_new({ value, data in
            gtk_widget_set_opacity(data!.assumingMemoryBound(to: GtkWidget.self), value)
        }, UnsafeMutableRawPointer(flash), nil)!
        let animation = adw_timed_animation_new(flash, 0.9, 0, 300, target)!
        adw_timed_animation_set_easing(gcast(animation), ADW_EASE_OUT_CUBIC)
        flashAnimation = GObjectReference(adopting: UnsafeMutableRawPointer(animation))
        adw_animation_play(animation)
    }

    /// The side of the viewfinder's square in device pixels (0 before layout).
    var devicePixelSide: Int {
        let size = view.devicePixelSize
        return min(size.width, size.height)
    }

    /// Frames received from the camera and frames replaced before drawing.
    var deliveryCounts: (received: Int, replaced: Int) { feed.deliveryCounts }

    private func show(_ frame: DisplayImage) {
        guard !paused else { return }
        requestFramesAtWidgetSize()
        view.image = frame
        if framesShownSinceAttach == 0 {
            // A frame covers the square from now on: a black fill beneath it
            // would be one more pass over every pixel at every frame.
            WidgetStyle.removeClass(layers, "empty")
        }
        framesShown += 1
        if framesShownSinceAttach == 0 && Trace.enabled {
            let picture = self.picture, side = frame.size.width, mirrored = self.mirrored
            FrameClock.afterNextPaint(of: picture) {
                Trace.line("viewfinder showing frames at \(Trace.square(of: picture)) side \(side) mirrored \(mirrored)")
            }
        } else if frame.size.width != shownSide && Trace.enabled {
            // The first frame at a new size after the window was resized.
            let picture = self.picture, side = frame.size.width
            FrameClock.afterPaints(of: picture) {
                Trace.line("viewfinder resized, showing at \(Trace.square(of: picture)) side \(side)")
            }
        }
        if framesShownSinceAttach > 0 && frame.mirrored != shownMirrored && Trace.enabled {
            let picture = self.picture, mirrored = frame.mirrored
            FrameClock.afterPaints(of: picture) { Trace.line("viewfinder now mirrored \(mirrored)") }
        }
        shownSide = frame.size.width
        shownMirrored = frame.mirrored
        framesShownSinceAttach += 1
        onFrameShown?()
    }

    /// Asks the camera for frames as large as the picture is on screen, in
    /// device pixels; called on every frame, so a resize follows at once.
    private func requestFramesAtWidgetSize() {
        let width = Int(gtk_widget_get_width(picture))
        let height = Int(gtk_widget_get_height(picture))
        let scale = Int(gtk_widget_get_scale_factor(picture))
        let side = max(width, height) * max(scale, 1)
        feed.request(side: side > 0 ? side : 720)
    }

    /// White lines over a dark edge, thick enough to see on any picture and on a phone's dense screen.
    private static func drawThirds(_ cairo: OpaquePointer, width: Double, height: Double) {
        let line = max(2, (min(width, height) / 240).rounded())
        for shade in [(0.0, 0.45, line + 2), (1.0, 0.85, line)] {
            cairo_set_source_rgba(cairo, shade.0, shade.0, shade.0, shade.1)
            cairo_set_line_width(cairo, shade.2)
            for third in [1.0 / 3, 2.0 / 3] {
                cairo_move_to(cairo, (width * third).rounded(), 0)
                cairo_line_to(cairo, (width * third).rounded(), height)
                cairo_move_to(cairo, 0, (height * third).rounded())
                cairo_line_to(cairo, width, (height * third).rounded())
            }
            cairo_stroke(cairo)
        }
    }
}
