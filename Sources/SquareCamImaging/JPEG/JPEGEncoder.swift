import CJPEG
import SquareCamCore

/// Compresses frames to JPEG with libjpeg-turbo (the TurboJPEG API, which
/// catches libjpeg's longjmp errors itself, so Swift can call it directly).
public enum JPEGEncoder {
    /// Encodes `frame`, or just `region` of it, to a complete JPEG file.
    ///
    /// An I420 frame is compressed straight from its planes (4:2:0, no colour
    /// conversion); its region's origin is rounded down to even so the chroma
    /// planes line up. `exif` goes in as the first segment after SOI; `iccProfile`
    /// follows as APP2 chunks.
    public static func encode(
        _ frame: Frame,
        region: PixelRect? = nil,
        quality: Int = ImageDefaults.jpegQuality,
        subsampling: JPEGSubsampling = .yuv420,
        exif: ExifMetadata? = nil,
        iccProfile: [UInt8]? = nil
    ) throws(ImagingError) -> [UInt8] {
        var rect = region ?? PixelRect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        if frame.layout == .i420 {
            rect.x &= ~1
            rect.y &= ~1
        }
        guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0,
              rect.maxX <= frame.size.width, rect.maxY <= frame.size.height else {
            throw .invalidRequest(detail: "the region \(rect) is not inside the \(frame.size) frame")
        }
        guard (1...100).contains(quality) else {
            throw .invalidRequest(detail: "the JPEG quality must be 1–100, not \(quality)")
        }
        let encoded = try compress(frame, rect: rect, quality: Int32(quality), subsampling: subsampling)
        return JPEGMarkers.inserting(exif: exif?.app1Payload, icc: iccProfile, into: encoded)
    }

    private static func compress(
        _ frame: Frame, rect: PixelRect, quality: Int32, subsampling: JPEGSubsampling
    ) throws(ImagingError) -> [UInt8] {
        guard let handle = tjInitCompress() else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        var jpegBuffer: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        defer { if let jpegBuffer { tjFree(jpegBuffer) } }
        let flags = Int32(TJFLAG_ACCURATEDCT)
        let status: Int32
        if frame.layout == .i420 && subsampling != .gray {
            status = compressPlanes(handle, frame, rect, quality, flags, &jpegBuffer, &jpegSize)
        } else {
            let (pixelFormat, bytesPerPixel): (TJPF, Int) = switch frame.layout {
            case .rgb: (TJPF_RGB, 3)
            case .rgba: (TJPF_RGBX, 4)
            case .gray, .i420: (TJPF_GRAY, 1)  // I420 to gray: the Y plane is the gray image
            }
            let plane = frame.planes[0]
            // A gray input cannot carry colour: TurboJPEG insists on TJSAMP_GRAY.
            let sampling = bytesPerPixel == 1 ? JPEGSubsampling.gray : subsampling
            status = plane.bytes.withUnsafeBufferPointer { pixels in
                let start = pixels.baseAddress! + rect.y * plane.stride + rect.x * bytesPerPixel
                return tjCompress2(
                    handle, start, Int32(rect.width), Int32(plane.stride), Int32(rect.height),
                    Int32(pixelFormat.rawValue), &jpegBuffer, &jpegSize, sampling.turboJPEG, quality, flags)
            }
        }
        guard status == 0, let jpegBuffer else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: jpegBuffer, count: Int(jpegSize)))
    }

    private static func compressPlanes(
        _ handle: tjhandle, _ frame: Frame, _ rect: PixelRect, _ quality: Int32, _ flags: Int32,
        _ jpegBuffer: inout UnsafeMutablePointer<UInt8>?, _ jpegSize: inout UInt
    ) -> Int32 {
        // TurboJPEG reads 4:2:0 luma in whole 2×2 cells: an odd side reads
        // one column and row past it. Where the planes end there, the region
        // is copied into planes with its last column and row repeated.
        guard reachesEvenSides(frame, rect) else {
            return compressPlanes(handle, evenSidedCopy(frame, rect), PixelRect(x: 0, y: 0, width: rect.width, height: rect.height),
                                  quality, flags, &jpegBuffer, &jpegSize)
        }
        let (y, u, v) = (frame.planes[0], frame.planes[1], frame.planes[2])
        var strides = [Int32(y.stride), Int32(u.stride), Int32(v.stride)]
        return y.bytes.withUnsafeBufferPointer { yBytes in
            u.bytes.withUnsafeBufferPointer { uBytes in
                v.bytes.withUnsafeBufferPointer { vBytes in
                    var planes: [UnsafePointer<UInt8>?] = [
                        yBytes.baseAddress! + rect.y * y.stride + rect.x,
                        uBytes.baseAddress! + rect.y / 2 * u.stride + rect.x / 2,
                        vBytes.baseAddress! + rect.y / 2 * v.stride + rect.x / 2,
                    ]
                    return tjCompressFromYUVPlanes(
                        handle, &planes, Int32(rect.width), &strides, Int32(rect.height),
                        Int32(TJSAMP_420.rawValue), &jpegBuffer, &jpegSize, quality, flags)
                }
            }
        }
    }

    /// Whether every plane holds the bytes TurboJPEG reads for `rect`: its sides rounded up to even.
    private static func reachesEvenSides(_ frame: Frame, _ rect: PixelRect) -> Bool {
        let (width, height) = ((rect.width + 1) & ~1, (rect.height + 1) & ~1)
        let luma = frame.planes[0]
        guard (rect.y + height - 1) * luma.stride + rect.x + width <= luma.bytes.count else { return false }
        return frame.planes[1...2].allSatisfy { chroma in
            (rect.y / 2 + height / 2 - 1) * chroma.stride + rect.x / 2 + width / 2 <= chroma.bytes.count
        }
    }

    /// `rect` of an I420 frame in planes of even sides, the last column and row repeated.
    private static func evenSidedCopy(_ frame: Frame, _ rect: PixelRect) -> Frame {
        let (width, height) = ((rect.width + 1) & ~1, (rect.height + 1) & ~1)
        let planes = frame.planes.indices.map { index -> Frame.Plane in
            let source = frame.planes[index]
            let shift = index == 0 ? 0 : 1
            let (x, y) = (rect.x >> shift, rect.y >> shift)
            let (copyWidth, copyHeight) = ((rect.width + shift) >> shift, (rect.height + shift) >> shift)
            let (paddedWidth, paddedHeight) = (width >> shift, height >> shift)
            var bytes = [UInt8](repeating: 0, count: paddedWidth * paddedHeight)
            for row in 0..<paddedHeight {
                let from = (y + min(row, copyHeight - 1)) * source.stride + x
                for column in 0..<paddedWidth {
                    bytes[row * paddedWidth + column] = source.bytes[from + min(column, copyWidth - 1)]
                }
            }
            return Frame.Plane(bytes: bytes, stride: paddedWidth)
        }
        return Frame(size: PixelSize(width: width, height: height), layout: .i420, planes: planes)
    }
}
