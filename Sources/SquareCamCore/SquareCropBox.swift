/// The crop editor's model: a square box over a whole frame, always inside it.
///
/// Starts as the widest centred square (what the viewfinder showed). Moves,
/// nudges and zooms are clamped so the box never leaves the frame, and can
/// reach every edge of it. The result, `rect`, is in full-resolution frame
/// pixels: exactly the square that is saved.
public struct SquareCropBox: Hashable, Sendable {
    /// The frame under the box, in pixels.
    public let frameSize: PixelSize
    /// The smallest side the box zooms in to: the requested minimum, or the frame's short side if that is smaller.
    public let minimumSide: Int
    /// The box, in frame pixels: always a non-empty square inside the frame.
    public private(set) var rect: PixelRect

    /// How much one `zoomIn` or `zoomOut` step magnifies (1.25×).
    public static let zoomStep = 1.25

    /// A box over a frame, at the widest centred square.
    public init(frameSize: PixelSize, minimumSide: Int = 64) {
        precondition(!frameSize.isEmpty, "a crop box needs a frame with pixels, not \(frameSize)")
        self.frameSize = frameSize
        self.minimumSide = max(1, min(minimumSide, frameSize.shortSide))
        rect = frameSize.centeredSquare
    }

    /// A box over a frame at `rect` (a saved crop, say), made square, sized within limits and moved inside.
    public init(frameSize: PixelSize, rect: PixelRect, minimumSide: Int = 64) {
        self.init(frameSize: frameSize, minimumSide: minimumSide)
        let side = clampedSide(min(rect.width, rect.height))
        place(x: rect.x, y: rect.y, side: side)
    }

    /// The largest side: the frame's short side.
    public var maximumSide: Int { frameSize.shortSide }

    /// The box's side, in frame pixels.
    public var side: Int { rect.width }

    /// True when the box is the widest centred square (after `reset`).
    public var isReset: Bool { rect == frameSize.centeredSquare }

    /// Moves the box by whole frame pixels, stopping at the frame's edges.
    public mutating func move(dx: Int, dy: Int) {
        // Limiting the step first keeps huge deltas from overflowing.
        let stepX = min(max(dx, -frameSize.width), frameSize.width)
        let stepY = min(max(dy, -frameSize.height), frameSize.height)
        place(x: rect.x + stepX, y: rect.y + stepY, side: side)
    }

    /// Moves the box by a drag measured in widget points, where the editor draws `displayScale` points per frame pixel.
    ///
    /// GTK's drag gesture reports the offset from where the drag began: apply
    /// it to the box as it was then, so rounding never accumulates.
    public mutating func move(byWidgetDX dx: Double, dy: Double, displayScale: Double) {
        let delta = Self.framePixels(forWidgetDX: dx, dy: dy, displayScale: displayScale)
        move(dx: delta.x, dy: delta.y)
    }

    /// One arrow-key step of `step` frame pixels.
    public mutating func nudge(_ direction: NudgeDirection, by step: Int = 1) {
        switch direction {
        case .left: move(dx: -step, dy: 0)
        case .right: move(dx: step, dy: 0)
        case .up: move(dx: 0, dy: -step)
        case .down: move(dx: 0, dy: step)
        }
    }

    /// Resizes the box to `side` (kept within the minimum and maximum), keeping `anchor` (frame pixels) where it was relative to the box.
    public mutating func setSide(_ side: Int, around anchor: Point2D? = nil) {
        let newSide = clampedSide(side)
        let anchor = anchor ?? rect.center
        let old = Double(self.side)
        // The anchor's position inside the box, as a fraction of the side, stays put.
        let fractionX = (anchor.x - Double(rect.x)) / old
        let fractionY = (anchor.y - Double(rect.y)) / old
        let x = Self.rounded(anchor.x - fractionX * Double(newSide))
        let y = Self.rounded(anchor.y - fractionY * Double(newSide))
        place(x: x, y: y, side: newSide)
    }

    /// Magnifies the photo under the box by `magnification` (above 1 zooms in: the box covers less), around `anchor` in frame pixels.
    public mutating func zoom(by magnification: Double, around anchor: Point2D? = nil) {
        guard magnification > 0, magnification.isFinite else { return }
        let wanted = Double(side) / magnification
        let side = wanted >= Double(maximumSide) ? maximumSide : Self.rounded(wanted)
        setSide(side, around: anchor)
    }

    /// Zooms in one step (the box shrinks by `zoomStep`).
    public mutating func zoomIn(around anchor: Point2D? = nil) {
        zoom(by: Self.zoomStep, around: anchor)
    }

    /// Zooms out one step (the box grows by `zoomStep`).
    public mutating func zoomOut(around anchor: Point2D? = nil) {
        zoom(by: 1 / Self.zoomStep, around: anchor)
    }

    /// Back to the widest centred square.
    public mutating func reset() {
        rect = frameSize.centeredSquare
    }

    /// Widget points per frame pixel when the editor shows the whole frame fitted into `widget` (aspect-fit).
    public static func displayScale(fitting frame: PixelSize, into widget: Size2D) -> Double {
        max(0, min(widget.width / Double(frame.width), widget.height / Double(frame.height)))
    }

    /// A widget-point drag in whole frame pixels (rounded, halves away from zero).
    public static func framePixels(forWidgetDX dx: Double, dy: Double, displayScale: Double) -> PixelPoint {
        guard displayScale > 0, displayScale.isFinite else { return PixelPoint(x: 0, y: 0) }
        return PixelPoint(x: rounded(dx / displayScale), y: rounded(dy / displayScale))
    }

    /// Where the box is drawn, in widget points, when the frame's top-left corner is at `frameOrigin` and drawn at `displayScale`.
    public func widgetRect(displayScale: Double, frameOrigin: Point2D = .zero) -> Rect2D {
        Rect2D(x: frameOrigin.x + Double(rect.x) * displayScale, y: frameOrigin.y + Double(rect.y) * displayScale,
               width: Double(side) * displayScale, height: Double(side) * displayScale)
    }

    /// The frame position under a widget point (for zooming around the pointer).
    public static func framePoint(forWidgetPoint point: Point2D, displayScale: Double, frameOrigin: Point2D = .zero) -> Point2D {
        guard displayScale > 0 else { return .zero }
        return Point2D(x: (point.x - frameOrigin.x) / displayScale, y: (point.y - frameOrigin.y) / displayScale)
    }

    private func clampedSide(_ side: Int) -> Int {
        min(max(side, minimumSide), maximumSide)
    }

    /// Puts the box at (x, y) with `side`, moved the least that keeps it inside the frame.
    private mutating func place(x: Int, y: Int, side: Int) {
        rect = PixelRect(x: min(max(x, 0), frameSize.width - side), y: min(max(y, 0), frameSize.height - side),
                         width: side, height: side)
    }

    /// Rounds to the nearest whole pixel, clamping values far beyond any frame.
    private static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e15), 1e15).rounded())
    }
}

/// An arrow-key direction for nudging the crop box.
public enum NudgeDirection: Hashable, Sendable, CaseIterable {
    case left, right, up, down
}
