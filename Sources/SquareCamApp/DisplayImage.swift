import CGtk
import SquareCamCore

/// An opaque picture ready to paint: a cairo image surface in cairo's native
/// ARGB32 (B, G, R, A bytes on little-endian machines), made from an RGBA
/// frame on any thread, painted on the main thread.
///
/// Why not a GdkMemoryTexture: GTK 4.8's cairo renderer converts a memory
/// texture through floats on every draw (half the app's CPU time at 30 fps in
/// the benchmark), while a cairo surface is painted as it is; under the GL
/// renderer a cairo drawing is uploaded like a texture.
final class DisplayImage: @unchecked Sendable {
    // @unchecked: the pixels are written only while the image is made, read
    // only afterwards, and cairo counts references atomically.
    let surface: OpaquePointer
    /// Size in pixels.
    let size: PixelSize

    /// The frame's pixels, mirrored left-right when asked; nil for a frame
    /// that is not RGBA or a surface cairo cannot allocate.
    init?(frame: Frame, mirrored: Bool = false) {
        guard frame.layout == .rgba, !frame.size.isEmpty,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(frame.size.width), Int32(frame.size.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let width = frame.size.width, height = frame.size.height
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        let target = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        let plane = frame.planes[0]
        plane.bytes.withUnsafeBytes { source in
            for row in 0..<height {
                Self.copyRow(from: source.baseAddress! + row * plane.stride, to: target + row * targetStride,
                             pixels: width, mirrored: mirrored)
            }
        }
        cairo_surface_mark_dirty(surface)
        self.surface = surface
        self.size = frame.size
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// RGBA → cairo's BGRA, opaque, one 32-bit word per pixel (the compiler
    /// vectorises the straight case).
    private static func copyRow(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, pixels: Int, mirrored: Bool) {
        let from = source.assumingMemoryBound(to: UInt32.self)
        let to = target.assumingMemoryBound(to: UInt32.self)
        if mirrored {
            for index in 0..<pixels { to[index] = swizzled(from[pixels - 1 - index]) }
        } else {
            for index in 0..<pixels { to[index] = swizzled(from[index]) }
        }
    }

    /// R,G,B,A bytes read as a little-endian word are 0xAABBGGRR; cairo wants 0xAARRGGBB, A = 255.
    @inline(__always)
    private static func swizzled(_ pixel: UInt32) -> UInt32 {
        0xFF00_0000 | (pixel & 0x0000_FF00) | ((pixel & 0x0000_00FF) << 16) | ((pixel >> 16) & 0x0000_00FF)
    }
}
