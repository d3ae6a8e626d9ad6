/// A rectangle with fractional coordinates; the origin is the top-left corner.
public struct Rect2D: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size2D { Size2D(width: width, height: height) }
    public var origin: Point2D { Point2D(x: x, y: y) }
    public var center: Point2D { Point2D(x: x + width / 2, y: y + height / 2) }

    /// True when the point lies inside; the top and left edges are inside, the bottom and right are not.
    public func contains(_ point: Point2D) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect2D) -> Rect2D {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect2D(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Every coordinate multiplied by `factor` (points to device pixels, for instance).
    public func scaled(by factor: Double) -> Rect2D {
        Rect2D(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
