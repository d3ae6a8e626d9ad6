/// A rect whose origin was moved onto a block grid, and how far that moved it.
///
/// JPEG lossless crops must start on an iMCU boundary (8 or 16 pixels), so a
/// "centre" square cropped losslessly can be up to a block off centre. The
/// offsets say how far, so the caller can tell the user.
public struct BlockAlignedRect: Hashable, Sendable, CustomStringConvertible {
    /// The aligned rect: same size as requested, origin a multiple of the block.
    public var rect: PixelRect
    /// The block size the origin is a multiple of.
    public var block: Int
    /// How many pixels the origin moved horizontally (aligned − requested).
    public var shiftX: Int
    /// How many pixels the origin moved vertically (aligned − requested).
    public var shiftY: Int
    /// Horizontal distance of the aligned rect's centre from the image's exact centre, in pixels.
    public var offsetFromCenterX: Double
    /// Vertical distance of the aligned rect's centre from the image's exact centre, in pixels.
    public var offsetFromCenterY: Double

    public init(rect: PixelRect, block: Int, shiftX: Int, shiftY: Int, offsetFromCenterX: Double, offsetFromCenterY: Double) {
        self.rect = rect
        self.block = block
        self.shiftX = shiftX
        self.shiftY = shiftY
        self.offsetFromCenterX = offsetFromCenterX
        self.offsetFromCenterY = offsetFromCenterY
    }

    /// True when aligning did not move the rect.
    public var isExact: Bool { shiftX == 0 && shiftY == 0 }

    public var description: String {
        "\(rect) on a \(block)-pixel grid, moved by (\(shiftX), \(shiftY))"
    }
}

extension PixelRect {
    /// This rect with its origin moved to the nearest multiple of `block` that keeps it inside `size`.
    ///
    /// Each axis is aligned on its own; on a tie (exactly half a block away)
    /// the origin moves down to the lower multiple. Rounding down always fits,
    /// so a result exists whenever the rect fits in `size` at all; returns nil
    /// when it is larger than `size` or `block` is less than 1.
    public func alignedOrigin(toBlock block: Int, within size: PixelSize) -> BlockAlignedRect? {
        guard block >= 1, let inside = moved(inside: size) else { return nil }
        func align(_ origin: Int, length: Int, limit: Int) -> Int {
            let lower = IntegerRounding.floorDivide(origin, block) * block
            let upper = lower + block
            // `lower` ≤ origin ≤ limit − length, so it always fits; `upper` may not.
            if upper != origin, upper - origin < origin - lower, upper + length <= limit { return upper }
            return lower
        }
        let alignedX = align(inside.x, length: width, limit: size.width)
        let alignedY = align(inside.y, length: height, limit: size.height)
        let aligned = PixelRect(x: alignedX, y: alignedY, width: width, height: height)
        return BlockAlignedRect(
            rect: aligned, block: block,
            shiftX: alignedX - x, shiftY: alignedY - y,
            offsetFromCenterX: aligned.center.x - Double(size.width) / 2,
            offsetFromCenterY: aligned.center.y - Double(size.height) / 2)
    }
}
