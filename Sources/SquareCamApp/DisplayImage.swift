import CGtk
import SquareCamCore
import SquareCamImaging

/// An opaque picture ready to paint: a cairo image surface in cairo's native
/// ARGB32 (B, G, R, A bytes on little-endian machines), made on any thread
/// from a viewfinder picture (no copy: the surface is made over its pixels)
/// or an RGBA frame, painted on the main thread.
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
    /// True when the frame was flipped left-right.
    let mirrored: Bool

    /// The viewfinder's picture itself: the surface is made over its pixels,
    /// which it keeps alive; nil if cairo cannot make one.
    init?(picture: ScreenPicture) {
        let surface = cairo_image_surface_create_for_data(
            picture.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(picture.size.width), Int32(picture.size.height), Int32(picture.stride))!
        let held = Unmanaged.passRetained(picture).toOpaque()
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(picture.size.width)) == Int32(picture.stride),
              cairo_surface_set_user_data(surface, &Self.pixelsKey, held, { Unmanaged<ScreenPicture>.fromOpaque($0!).release() })
                == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(surface)
            Unmanaged<ScreenPicture>.fromOpaque(held).release()
            return nil
        }
        self.surface = surface
        self.size = picture.size
        self.mirrored = picture.mirrored
    }

    /// The frame's pixels, copied into a picture of the same kind (its memory
    /// is not zeroed first, as cairo_image_surface_create's would be); nil for
    /// a frame that is not RGBA or a surface cairo cannot make.
    convenience init?(frame: Frame) {
        guard frame.layout == .rgba, !frame.size.isEmpty else { return nil }
        let picture = ScreenPicture(size: frame.size, mirrored: false)
        let plane = frame.planes[0]
        plane.bytes.withUnsafeBytes { source in
            for row in 0..<frame.size.height {
                OpaqueBGRARows.copy(from: source.baseAddress! + row * plane.stride, to: picture.pixels + row * picture.stride,
                                    pixels: frame.size.width)
            }
        }
        self.init(picture: picture)
    }

    /// Lets go of the pixels with the surface (cairo user data; only its address matters).
    nonisolated(unsafe) private static var pixelsKey = cairo_user_data_key_t()

    /// Makes the picture `cairo`'s source, at the origin of its user space.
    ///
    /// Through a raster-source pattern, not `cairo_set_source_surface`: a
    /// drawing area's paint is recorded, and a recorded surface gets a
    /// snapshot that lives as long as the surface does, which cairo copies
    /// (every pixel, on the main thread) when the surface is destroyed. A
    /// raster source is recorded as the pattern itself, which keeps this
    /// image alive (its pixels never change) until the recording is gone.
    func setAsSource(of cairo: OpaquePointer) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        let pattern = cairo_pattern_create_raster_source(retained, CAIRO_CONTENT_COLOR, Int32(size.width), Int32(size.height))!
        cairo_raster_source_pattern_set_acquire(pattern, { _, data, _, _ in
            cairo_surface_reference(Unmanaged<DisplayImage>.fromOpaque(data!).takeUnretainedValue().surface)
        }, { _, _, surface in
            cairo_surface_destroy(surface)
        })
        // Each copy of the pattern (the recording's) holds the image too; each is finished once.
        cairo_raster_source_pattern_set_copy(pattern) { _, data, _ in
            _ = Unmanaged<DisplayImage>.fromOpaque(data!).retain()
            return CAIRO_STATUS_SUCCESS
        }
        cairo_raster_source_pattern_set_finish(pattern) { _, data in
            Unmanaged<DisplayImage>.fromOpaque(data!).release()
        }
        cairo_set_source(cairo, pattern)
        cairo_pattern_destroy(pattern)
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
