import SquareCamCore

/// A picture's brightness as zbar reads it: one byte a pixel, rows packed
/// (zbar's "Y800" takes no stride).
struct LumaPlane {
    let size: PixelSize
    /// `size.width * size.height` bytes, row after row.
    let bytes: [UInt8]

    /// The luma of `frame`: a gray frame or an I420 frame's Y plane as it is
    /// (copied only to drop row padding), RGB and RGBA weighted as BT.601 does.
    init(_ frame: Frame) {
        size = frame.size
        let width = frame.size.width, height = frame.size.height
        let plane = frame.planes[0]
        switch frame.layout {
        case .gray, .i420:
            if plane.stride == width && plane.bytes.count == width * height {
                bytes = plane.bytes
                return
            }
            var packed = [UInt8](repeating: 0, count: width * height)
            for row in 0..<height {
                let start = row * plane.stride
                packed[(row * width)..<(row * width + width)] = plane.bytes[start..<(start + width)]
            }
            bytes = packed
        case .rgb, .rgba:
            let step = frame.layout.bytesPerPixel
            var luma = [UInt8](repeating: 0, count: width * height)
            plane.bytes.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    var at = row * plane.stride
                    for column in 0..<width {
                        // 0.299 R + 0.587 G + 0.114 B in 1/256ths (77 + 150 + 29 = 256).
                        let sum = 77 * Int(source[at]) + 150 * Int(source[at + 1]) + 29 * Int(source[at + 2])
                        luma[row * width + column] = UInt8(truncatingIfNeeded: sum >> 8)
                        at += step
                    }
                }
            }
            bytes = luma
        }
    }
}
