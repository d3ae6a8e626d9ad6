import CGtk
import SquareCamCore

/// Turns frames into GdkTextures (GTK 4.8: `GdkMemoryTexture` from bytes
/// with an explicit stride; newer formats and the dmabuf path are not there).
enum Texture {
    /// Errors describing why a frame cannot be shown.
    enum Failure: Error, CustomStringConvertible {
        case unsupportedLayout(Frame.Layout)
        case regionOutside(PixelRect, PixelSize)

        var description: String {
            switch self {
            case .unsupportedLayout(let layout):
                "A \(layout) frame cannot be shown; the camera must deliver RGB or RGBA frames."
            case .regionOutside(let rect, let size):
                "The region \(rect) is not inside the \(size) frame."
            }
        }
    }

    /// A texture of `region` of `frame` (all of it by default), mirrored
    /// left-right when asked. Copies the pixels once; the caller owns the
    /// returned reference.
    static func make(from frame: Frame, region: PixelRect? = nil, mirrored: Bool = false) throws(Failure) -> OpaquePointer {
        let bytesPerPixel: Int
        let format: GdkMemoryFormat
        switch frame.layout {
        // Camera frames are opaque, so the premultiplied and straight forms are
        // the same bytes; the premultiplied one is what GTK uploads without converting.
        case .rgba: (bytesPerPixel, format) = (4, GDK_MEMORY_R8G8B8A8_PREMULTIPLIED)
        case .rgb: (bytesPerPixel, format) = (3, GDK_MEMORY_R8G8B8)
        default: throw .unsupportedLayout(frame.layout)
        }
        let rect = region ?? frame.size.bounds
        guard rect.width > 0, rect.height > 0, frame.size.contains(rect) else {
            throw .regionOutside(rect, frame.size)
        }
        let plane = frame.planes[0]
        let rowBytes = rect.width * bytesPerPixel
        let total = rowBytes * rect.height
        let destination = g_malloc(gsize(total))!.assumingMemoryBound(to: UInt8.self)
        plane.bytes.withUnsafeBufferPointer { source in
            let base = source.baseAddress!
            for row in 0..<rect.height {
                let from = base + (rect.y + row) * plane.stride + rect.x * bytesPerPixel
                let to = destination + row * rowBytes
                if mirrored {
                    copyMirrored(from: from, to: to, pixels: rect.width, bytesPerPixel: bytesPerPixel)
                } else {
                    to.update(from: from, count: rowBytes)
                }
            }
        }
        let bytes = g_bytes_new_take(destination, gsize(total))
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(Int32(rect.width), Int32(rect.height), format, bytes, gsize(rowBytes))!
    }

    private static func copyMirrored(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, pixels: Int, bytesPerPixel: Int) {
        if bytesPerPixel == 4 {
            // Whole pixels as 32-bit words: the row reversed in one pass.
            let source = UnsafeRawPointer(from)
            let target = UnsafeMutableRawPointer(to)
            for index in 0..<pixels {
                let pixel = source.loadUnaligned(fromByteOffset: (pixels - 1 - index) * 4, as: UInt32.self)
                target.storeBytes(of: pixel, toByteOffset: index * 4, as: UInt32.self)
            }
        } else {
            for index in 0..<pixels {
                let source = from + (pixels - 1 - index) * bytesPerPixel
                let target = to + index * bytesPerPixel
                for channel in 0..<bytesPerPixel { target[channel] = source[channel] }
            }
        }
    }
}
