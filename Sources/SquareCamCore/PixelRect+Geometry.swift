extension PixelRect {
    /// A rect at `origin` with `size`.
    public init(origin: PixelPoint, size: PixelSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The top-left pixel.
    public var origin: PixelPoint { PixelPoint(x: x, y: y) }

    /// True when the rect covers no pixels.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when width equals height.
    public var isSquare: Bool { width == height }

    /// The exact centre, which lies on a half pixel when a side is odd.
    public var center: Point2D { Point2D(x: Double(x) + Double(width) / 2, y: Double(y) + Double(height) / 2) }

    /// The same rect in fractional coordinates.
    public var rect2D: Rect2D { Rect2D(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// True when the pixel lies inside.
    public func contains(_ point: PixelPoint) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// True when `other` lies entirely inside this rect (edges may touch).
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The pixels both rects cover, or nil when they share none (touching edges share none).
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// True when the rects share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        intersection(other) != nil
    }

    /// The rect moved by whole pixels.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rect moved the least distance that puts it inside `size`; nil when it is larger than `size`.
    public func moved(inside size: PixelSize) -> PixelRect? {
        guard width <= size.width, height <= size.height, width >= 0, height >= 0 else { return nil }
        return PixelRect(
            x: min(max(x, 0), size.width - width),
            y: min(max(y, 0), size.height - height),
            width: width, height: height)
    }

    /// This rect, given in pixels of `source`, in the pixels of `target`.
    ///
    /// Each edge is scaled and rounded on its own (halves up), so rects that
    /// tile `source` still tile `target` without gaps or overlaps. A square
    /// may come out a pixel off square; use `scaledSquare(from:to:)` for one.
    public func scaled(from source: PixelSize, to target: PixelSize) -> PixelRect {
        precondition(!source.isEmpty, "cannot scale from an empty size \(source)")
        let left = IntegerRounding.roundDivide(x * target.width, source.width)
        let right = IntegerRounding.roundDivide(maxX * target.width, source.width)
        let top = IntegerRounding.roundDivide(y * target.height, source.height)
        let bottom = IntegerRounding.roundDivide(maxY * target.height, source.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This square, given in pixels of `source`, as a square in `target`, scaled by
    /// the ratio of the short sides, rounded (halves up) and kept inside `target`.
    public func scaledSquare(from source: PixelSize, to target: PixelSize) -> PixelRect {
        precondition(!source.isEmpty, "cannot scale from an empty size \(source)")
        let (num, den) = (target.shortSide, source.shortSide)
        let side = min(IntegerRounding.roundDivide(max(width, height) * num, den), target.shortSide)
        let scaled = PixelRect(
            x: IntegerRounding.roundDivide(x * num, den),
            y: IntegerRounding.roundDivide(y * num, den),
            width: side, height: side)
        return scaled.moved(inside: target) ?? scaled
    }
}
