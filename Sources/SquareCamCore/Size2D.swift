/// A size with fractional sides, such as a widget's size in points.
public struct Size2D: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A whole-pixel size as fractional.
    public init(_ size: PixelSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }

    /// The shorter side.
    public var shortSide: Double { min(width, height) }

    public var description: String { "\(width)x\(height)" }
}
