/// RGBA rows made opaque 32-bit 0xAARRGGBB words: B, G, R, A bytes on a
/// little-endian machine, cairo's ARGB32. The app's pictures on screen are
/// made this way for every viewfinder frame, so it lives in this optimised
/// target: a debug build of the app then shows its viewfinder at full rate too.
public enum OpaqueBGRARows {
    /// Copies `pixels` RGBA pixels from `source` to `target`, alpha set to
    /// 255, mirrored left-right when asked (the compiler vectorises the straight case).
    public static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, pixels: Int, mirrored: Bool) {
        let from = source.assumingMemoryBound(to: UInt32.self)
        let to = target.assumingMemoryBound(to: UInt32.self)
        if mirrored {
            for index in 0..<pixels { to[index] = swizzled(from[pixels - 1 - index]) }
        } else {
            for index in 0..<pixels { to[index] = swizzled(from[index]) }
        }
    }

    /// R,G,B,A bytes read as a little-endian word are 0xAABBGGRR; the result is 0xFFRRGGBB.
    @inline(__always)
    private static func swizzled(_ pixel: UInt32) -> UInt32 {
        0xFF00_0000 | (pixel & 0x0000_FF00) | ((pixel & 0x0000_00FF) << 16) | ((pixel >> 16) & 0x0000_00FF)
    }
}
