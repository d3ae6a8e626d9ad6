/// Where the square viewfinder sits in its widget and how widget points map to sensor pixels.
///
/// The viewfinder shows the frame's centred square (`PixelSize.centeredSquare`)
/// aspect-filled into the largest square that fits the widget, so the square
/// shown is exactly the square saved. The square is snapped to whole device
/// pixels so the picture is drawn sharp on HiDPI screens. Mirroring (for a
/// camera that faces the user) flips only the display: sensor coordinates and
/// the saved photo are never mirrored.
public struct ViewfinderGeometry: Hashable, Sendable {
    /// The camera frame, in sensor pixels.
    public let frameSize: PixelSize
    /// The widget's size, in points (logical pixels).
    public let widgetSize: Size2D
    /// Device pixels per point (1 on ordinary screens, 2 on HiDPI, fractional with fractional scaling).
    public let scaleFactor: Double
    /// True when the picture is shown mirrored left to right.
    public let isMirrored: Bool
    /// The square drawn, in the widget's device pixels: the largest whole-pixel square centred in the widget.
    public let squareInDevicePixels: PixelRect

    /// Computes the viewfinder for one frame size, widget size, scale factor and mirroring.
    public init(frameSize: PixelSize, widgetSize: Size2D, scaleFactor: Double = 1, isMirrored: Bool = false) {
        precondition(!frameSize.isEmpty, "a camera frame has pixels, not \(frameSize)")
        precondition(scaleFactor > 0 && scaleFactor.isFinite, "the scale factor must be positive, not \(scaleFactor)")
        self.frameSize = frameSize
        self.widgetSize = widgetSize
        self.scaleFactor = scaleFactor
        self.isMirrored = isMirrored
        // A tolerance keeps 333.333… × 3 from rounding down to 999.
        let tolerance = 1e-6
        let deviceWidth = max(0, widgetSize.width * scaleFactor)
        let deviceHeight = max(0, widgetSize.height * scaleFactor)
        let side = Int((min(deviceWidth, deviceHeight) + tolerance).rounded(.down))
        // Gaps rounded to the nearest whole pixel, a half going to the right or bottom
        // gap as in `centeredSquare`: the two gaps never differ by more than a pixel.
        func gap(_ leftover: Double) -> Int { max(0, Int((leftover / 2 - 0.5 - tolerance).rounded(.up))) }
        let x = gap(deviceWidth - Double(side))
        let y = gap(deviceHeight - Double(side))
        squareInDevicePixels = PixelRect(x: x, y: y, width: side, height: side)
    }

    /// True when the widget is too small to show a single device pixel.
    public var isEmpty: Bool { squareInDevicePixels.isEmpty }

    /// The square drawn, in widget points.
    public var squareInWidget: Rect2D { squareInDevicePixels.rect2D.scaled(by: 1 / scaleFactor) }

    /// The side, in pixels, of the viewfinder image to ask the camera for (`Camera.setViewfinder(side:)`): one texel per device pixel.
    public var viewfinderSide: Int { squareInDevicePixels.width }

    /// The sensor pixels the viewfinder shows: the frame's centred square, the same square that is saved.
    public var visibleSensorRect: PixelRect { frameSize.centeredSquare }

    /// How many device pixels one sensor pixel covers (below 1 when the viewfinder shrinks the frame).
    public var devicePixelsPerSensorPixel: Double {
        Double(squareInDevicePixels.width) / Double(visibleSensorRect.width)
    }

    /// Where the whole frame lands, aspect-filled, in device pixels; it overflows the square on its long side, and is clipped there.
    public var frameInDevicePixels: Rect2D {
        let topLeft = devicePoint(forSensorPoint: .zero)
        let bottomRight = devicePoint(forSensorPoint: Point2D(x: Double(frameSize.width), y: Double(frameSize.height)))
        return Rect2D(x: min(topLeft.x, bottomRight.x), y: topLeft.y,
                      width: abs(bottomRight.x - topLeft.x), height: bottomRight.y - topLeft.y)
    }

    /// Where the whole frame lands, aspect-filled, in widget points.
    public var frameInWidget: Rect2D { frameInDevicePixels.scaled(by: 1 / scaleFactor) }

    /// The sensor position shown at a device pixel position (not clamped: points outside the square map outside the visible rect).
    public func sensorPoint(forDevicePoint point: Point2D) -> Point2D {
        let visible = visibleSensorRect
        guard !isEmpty else { return visible.center }
        let perSensor = devicePixelsPerSensorPixel
        let u = (point.x - Double(squareInDevicePixels.x)) / perSensor
        let v = (point.y - Double(squareInDevicePixels.y)) / perSensor
        return Point2D(x: isMirrored ? Double(visible.maxX) - u : Double(visible.x) + u, y: Double(visible.y) + v)
    }

    /// The device pixel position where a sensor position is shown.
    public func devicePoint(forSensorPoint point: Point2D) -> Point2D {
        let visible = visibleSensorRect
        let perSensor = devicePixelsPerSensorPixel
        let u = isMirrored ? Double(visible.maxX) - point.x : point.x - Double(visible.x)
        return Point2D(x: Double(squareInDevicePixels.x) + u * perSensor,
                       y: Double(squareInDevicePixels.y) + (point.y - Double(visible.y)) * perSensor)
    }

    /// The sensor position shown at a widget point (not clamped).
    public func sensorPoint(forWidgetPoint point: Point2D) -> Point2D {
        sensorPoint(forDevicePoint: Point2D(x: point.x * scaleFactor, y: point.y * scaleFactor))
    }

    /// The widget point where a sensor position is shown.
    public func widgetPoint(forSensorPoint point: Point2D) -> Point2D {
        let device = devicePoint(forSensorPoint: point)
        return Point2D(x: device.x / scaleFactor, y: device.y / scaleFactor)
    }

    /// The sensor pixel under a widget point, or nil when the point is outside the square shown.
    public func sensorPixel(forWidgetPoint point: Point2D) -> PixelPoint? {
        guard squareInWidget.contains(point) else { return nil }
        let visible = visibleSensorRect
        let pixel = sensorPoint(forWidgetPoint: point).pixel
        // Rounding at the far edges can land one pixel outside; the point is inside, so its pixel is too.
        return PixelPoint(x: min(max(pixel.x, visible.x), visible.maxX - 1),
                          y: min(max(pixel.y, visible.y), visible.maxY - 1))
    }

    /// Where a rect of sensor pixels is shown, in widget points (mirroring applied).
    public func widgetRect(forSensorRect rect: PixelRect) -> Rect2D {
        let a = widgetPoint(forSensorPoint: Point2D(x: Double(rect.x), y: Double(rect.y)))
        let b = widgetPoint(forSensorPoint: Point2D(x: Double(rect.maxX), y: Double(rect.maxY)))
        return Rect2D(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
