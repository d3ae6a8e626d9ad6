/// A point with fractional coordinates: widget points, device pixels or sensor pixels, as the API says.
public struct Point2D: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point2D(x: 0, y: 0)

    /// The pixel this point falls in (coordinates rounded down).
    public var pixel: PixelPoint { PixelPoint(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) }

    public var description: String { "(\(x), \(y))" }
}
