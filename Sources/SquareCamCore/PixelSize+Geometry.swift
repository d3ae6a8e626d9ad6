extension PixelSize {
    /// The rectangle covering the whole size, at the origin.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// True when there are no pixels (a side is zero or negative).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when taller than wide.
    public var isPortrait: Bool { height > width }

    /// True when wider than tall.
    public var isLandscape: Bool { width > height }

    /// True when both sides are equal.
    public var isSquare: Bool { width == height }

    /// The longer side.
    public var longSide: Int { max(width, height) }

    /// Width and height exchanged, as after a quarter turn.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// The largest square centred in this size: side = the short side.
    ///
    /// When the leftover along the long side is odd, the extra pixel goes to
    /// the right (landscape) or the bottom (portrait): the origin is rounded
    /// down. Every layer uses this one definition, so the square shown is
    /// the square saved. Empty sizes give an empty rect at the origin.
    public var centeredSquare: PixelRect {
        guard !isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let side = shortSide
        return PixelRect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }

    /// True when `rect` lies entirely inside these bounds (an empty rect at an inside point counts).
    public func contains(_ rect: PixelRect) -> Bool {
        bounds.contains(rect)
    }

    /// True when the pixel lies inside these bounds.
    public func contains(_ point: PixelPoint) -> Bool {
        bounds.contains(point)
    }
}
