/// A 16-bit PNG as read: its samples as stored, and what says what they mean.
public struct PNG16Image: Sendable {
    public var frame: Frame16
    /// The colour chunks (gAMA, cHRM, sRGB, iCCP, sBIT, cICP, mDCv, cLLi), in
    /// file order, as stored: a square written with them means the same colours.
    public var colorChunks: [PNGChunk]
    /// A gray or RGB image's tRNS colour key: pixels of exactly this value are transparent.
    public var transparentKey: [UInt16]?

    public init(frame: Frame16, colorChunks: [PNGChunk] = [], transparentKey: [UInt16]? = nil) {
        self.frame = frame
        self.colorChunks = colorChunks
        self.transparentKey = transparentKey
    }
}
