/// A PNG chunk passed on byte for byte, uninterpreted.
public struct PNGChunk: Sendable, Hashable {
    /// Its four letters, as "gAMA".
    public var type: String
    public var data: [UInt8]
    /// Whether it stood after the image data (where no colour chunk belongs, but a file may put one).
    public var afterImageData: Bool

    public init(type: String, data: [UInt8], afterImageData: Bool = false) {
        precondition(type.utf8.count == 4, "a PNG chunk type has four letters, not \(type)")
        self.type = type
        self.data = data
        self.afterImageData = afterImageData
    }
}
