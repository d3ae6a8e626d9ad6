import CPNG
import SquareCamCore

/// PNG in and out through libpng's simplified API, which catches libpng's
/// longjmp errors itself: 8 bits per sample. Every simplified-API call
/// SquareCam makes is in this file; 16-bit samples as stored take libpng's
/// full API, in C (PNGCodec+SixteenBit.swift).
public enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG to 8-bit RGB (or gray). With `keepAlpha` an image with
    /// transparency comes out RGBA; without it, transparency is composed onto
    /// white, as a JPEG cannot hold it. Throws `.tooLarge` before allocating
    /// pixels when the header claims more than `maxPixels`.
    public static func decode(_ bytes: [UInt8], keepAlpha: Bool = false, maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> Frame {
        guard bytes.starts(with: signature) else { throw .unsupportedFormat(detail: "no PNG signature") }
        var image = png_image()
        image.version = squarecam_png_image_version()
        let began = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .corrupt(detail: message(of: &image)) }
        defer { png_image_free(&image) }
        // Without gAMA, sRGB or iCCP chunks, libpng takes 16-bit samples for
        // linear light and brightens them on the way to 8 bits (mid grey 128
        // came out 186); every other reader takes them for sRGB, as this does.
        image.flags |= squarecam_png_image_flag_16bit_srgb()
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        guard size.area <= maxPixels else { throw .tooLarge(size: size, limit: maxPixels) }
        let hasAlpha = image.format & squarecam_png_format_flag_alpha() != 0
        let hasColor = image.format & squarecam_png_format_flag_color() != 0
        let layout: Frame.Layout
        if hasAlpha && keepAlpha {
            layout = .rgba
            image.format = squarecam_png_format_rgba()
        } else if hasColor || hasAlpha {
            layout = .rgb
            image.format = squarecam_png_format_rgb()
        } else {
            layout = .gray
            image.format = squarecam_png_format_gray()
        }
        let channels = layout == .rgba ? 4 : layout == .rgb ? 3 : 1
        let stride = size.width * channels
        var pixels = [UInt8](repeating: 0, count: stride * size.height)
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = pixels.withUnsafeMutableBufferPointer { buffer in
            png_image_finish_read(&image, &white, buffer.baseAddress, Int32(stride), nil)
        }
        guard finished != 0 else { throw .corrupt(detail: message(of: &image)) }
        return Frame(size: size, layout: layout, planes: [Frame.Plane(bytes: pixels, stride: stride)])
    }

    /// The size a PNG header claims, without decoding.
    public static func size(of bytes: [UInt8]) throws(ImagingError) -> PixelSize {
        guard bytes.starts(with: signature) else { throw .unsupportedFormat(detail: "no PNG signature") }
        var image = png_image()
        image.version = squarecam_png_image_version()
        let began = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .corrupt(detail: message(of: &image)) }
        defer { png_image_free(&image) }
        return PixelSize(width: Int(image.width), height: Int(image.height))
    }

    /// Encodes an RGB, RGBA or gray frame as PNG.
    public static func encode(_ frame: Frame) throws(ImagingError) -> [UInt8] {
        guard frame.layout != .i420 else { throw .invalidRequest(detail: "PNG output needs RGB, RGBA or gray pixels") }
        var image = png_image()
        image.version = squarecam_png_image_version()
        image.width = UInt32(frame.size.width)
        image.height = UInt32(frame.size.height)
        image.format = switch frame.layout {
        case .rgba: squarecam_png_format_rgba()
        case .gray: squarecam_png_format_gray()
        default: squarecam_png_format_rgb()
        }
        let plane = frame.planes[0]
        var size = 0
        // First call measures, second writes.
        let measured = plane.bytes.withUnsafeBufferPointer { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, Int32(plane.stride), nil)
        }
        guard measured != 0, size > 0 else { throw .encodeFailed(detail: message(of: &image)) }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBufferPointer { memory in
            plane.bytes.withUnsafeBufferPointer { pixels in
                png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, Int32(plane.stride), nil)
            }
        }
        guard written != 0 else { throw .encodeFailed(detail: message(of: &image)) }
        return Array(output.prefix(size))
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : "libpng: \(text)"
    }
}
