/// RGBA rows made opaque 32-bit 0xAARRGGBB words: B, G, R, A bytes on a
/// little-endian machine, cairo's ARGB32. The app's still pictures on screen
/// (a photo under review, the last photo's thumbnail) are made this way; it
/// lives in this optimised target, where the compiler vectorises it.
public enum OpaqueBGRARows {
    /// Copies `pixels` RGBA pixels from `source` to `target`, alpha set to 255.
    public static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, pixels: Int) {
        let from = source.assumingMemoryBound(to: UInt32.self)
        let to = target.assumingMemoryBound(to: UInt32.self)
        for index in 0..<pixels { to[index] = swizzled(from[index]) }
    }

    /// R,G,B,A bytes read as a little-endian word are 0xAABBGGRR; the result is 0xFFRRGGBB.
    @inline(__always)
    private static func swizzled(_ pixel: UInt32) -> UInt32 {
        0xFF00_0000 | (pixel & 0x0000_FF00) | ((pixel & 0x0000_00FF) << 16) | ((pixel >> 16) & 0x0000_00FF)
    }
}
