import CJPEG
import SquareCamCore

/// What a JPEG header says, read before any pixel is decoded.
public struct JPEGHeader: Sendable, Hashable {
    /// The colour model of the stored samples.
    public enum ColorModel: Sendable, Hashable {
        case gray, yCbCr, rgb, cmyk, ycck, other(Int)
    }

    public var size: PixelSize
    public var colorModel: ColorModel
    public var components: Int
    public var isProgressive: Bool
    public var isArithmetic: Bool
    /// The iMCU, the unit of lossless crops: 8×8 for 4:4:4 and gray, 16×16 for 4:2:0.
    public var blockSize: PixelSize
    /// The chroma subsampling, when it is one SquareCam writes.
    public var subsampling: JPEGSubsampling?
    /// An Adobe APP14 marker was seen: CMYK is then stored inverted, as Photoshop writes it.
    public var hasAdobeMarker: Bool
}

/// A part of a JPEG decoded at a reduced scale.
public struct DecodedRegion: Sendable {
    /// The decoded pixels: RGB, or gray for a grayscale JPEG.
    public var frame: Frame
    /// Where the requested region lies in `frame`, in (fractional) frame pixels.
    public var regionInFrame: Rect2D
    /// The DCT scale the pixels were decoded at, in eighths (8 = full size).
    public var scaleEighths: Int
}

/// Decodes JPEG with libjpeg(-turbo) through the C shim in CJPEG, which owns
/// the setjmp that libjpeg's errors need. Every libjpeg decompression call is here.
public enum JPEGDecoder {
    /// A crafted progressive file can carry thousands of tiny scans; real ones have about 10.
    static let maxScans: Int32 = 1000

    /// Reads only the header. Throws `.tooLarge` when it claims more than `maxPixels`.
    public static func header(of bytes: [UInt8], maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> JPEGHeader {
        try withDecoder(bytes, maxPixels: maxPixels, damage: .none) { (_, header) throws(ImagingError) in header }
    }

    /// Runs `body` with a libjpeg decompressor that has read the header of
    /// `bytes` (pinned meanwhile: libjpeg reads them in place), then makes
    /// the `damage` check.
    static func withDecoder<Value>(
        _ bytes: [UInt8], maxPixels: Int, damage: DamageCheck,
        _ body: (OpaquePointer, JPEGHeader) throws(ImagingError) -> Value
    ) throws(ImagingError) -> Value {
        let result: Result<Value, ImagingError> = bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = cjpeg_decoder_create() else { return .failure(.corrupt(detail: "out of memory")) }
            defer { cjpeg_decoder_destroy(decoder) }
            return Result { () throws(ImagingError) -> Value in
                let header = try readHeader(decoder, buffer, maxPixels: maxPixels)
                let value = try body(decoder, header)
                try check(decoder, header: header, damage)
                return value
            }
        }
        return try result.get()
    }

    /// What a decode makes of damaged data (libjpeg's warnings) once it has its rows.
    enum DamageCheck: Sendable {
        /// Nothing: only the header is wanted, or damage is accepted (`crop --accept-damaged`).
        case none
        /// Fail on damage in what this decoder read; another reads the rest.
        /// `rowOffset`: the picture's rows above this decoder's part.
        case rowsRead(rowOffset: Int)
        /// Read the rest of the file to its end, then fail on damage anywhere in it.
        case wholeFile(rowOffset: Int = 0)

        /// `.wholeFile()`, or `.none` where damage is accepted.
        static func forWholeFile(acceptsDamage: Bool) -> DamageCheck { acceptsDamage ? .none : .wholeFile() }
    }

    /// Throws `.damaged` when libjpeg warned about the data `damage` covers.
    static func check(_ decoder: OpaquePointer, header: JPEGHeader, _ damage: DamageCheck) throws(ImagingError) {
        let rowOffset: Int
        switch damage {
        case .none: return
        case .rowsRead(let offset): rowOffset = offset
        case .wholeFile(let offset):
            guard cjpeg_decoder_finish_input(decoder) == 0 else { throw .corrupt(detail: message(decoder)) }
            rowOffset = offset
        }
        if let found = JPEGDamage.read(decoder, header: header, rowOffset: rowOffset) { throw .damaged(found) }
    }

    /// Decodes `region` (in full-size pixels; the whole image when nil) at
    /// `scaleEighths`/8 of full size, as RGB (gray stays gray; CMYK becomes RGB).
    /// With `outputSize`, the region is resampled (Lanczos-3) to that size
    /// while it is decoded, a few rows at a time, and the result is exactly it.
    ///
    /// `smoothChroma: false` and `floatIDCT: true` make decoding independent
    /// of block position and orientation (for checking lossless crops).
    ///
    /// Only the iMCU columns that hold the region are decoded and the rows
    /// above it are skipped without inverse DCT; below it the coded data is
    /// only read for damage, which fails the decode (`.damaged`) unless
    /// `acceptsDamage`.
    public static func decode(
        _ bytes: [UInt8], region: PixelRect? = nil, scaleEighths: Int = 8, outputSize: PixelSize? = nil,
        smoothChroma: Bool = true, floatIDCT: Bool = false, maxPixels: Int = ImageDefaults.maxPixels,
        acceptsDamage: Bool = false
    ) throws(ImagingError) -> DecodedRegion {
        guard (1...16).contains(scaleEighths) else {
            throw .invalidRequest(detail: "the JPEG scale must be 1/8 to 16/8, not \(scaleEighths)/8")
        }
        return try withDecoder(bytes, maxPixels: maxPixels, damage: .forWholeFile(acceptsDamage: acceptsDamage)) { (decoder, header) throws(ImagingError) in
            try decodeRegion(decoder, header: header, region: region, scaleEighths: scaleEighths, outputSize: outputSize,
                             smoothChroma: smoothChroma, floatIDCT: floatIDCT)
        }
    }

    static func readHeader(
        _ decoder: OpaquePointer, _ buffer: UnsafeBufferPointer<UInt8>, maxPixels: Int
    ) throws(ImagingError) -> JPEGHeader {
        guard buffer.count >= 4, buffer[0] == 0xFF, buffer[1] == 0xD8 else {
            throw .unsupportedFormat(detail: "no JPEG start-of-image marker")
        }
        var raw = cjpeg_header()
        // Bounds libjpeg's own allocations (a progressive file keeps every
        // coefficient: 2 bytes × components per pixel) to what the pixel limit allows.
        let memoryLimit = max(64 << 20, min(maxPixels, Int.max / 16) * 8)
        guard cjpeg_decoder_read_header(decoder, buffer.baseAddress, buffer.count, memoryLimit, maxScans, &raw) == 0 else {
            let precision = cjpeg_decoder_refused_precision(decoder)
            if precision != 0 { throw .unsupportedVariant(detail: "this is a \(precision)-bit JPEG") }
            throw .corrupt(detail: message(decoder))
        }
        let size = PixelSize(width: Int(raw.width), height: Int(raw.height))
        guard size.width > 0, size.height > 0 else { throw .corrupt(detail: "the header claims an empty image") }
        guard size.area <= maxPixels else { throw .tooLarge(size: size, limit: maxPixels) }
        let colorModel: JPEGHeader.ColorModel = switch raw.color_space {
        case 1: .gray
        case 2: .rgb
        case 3: .yCbCr
        case 4: .cmyk
        case 5: .ycck
        default: .other(Int(raw.color_space))
        }
        let subsampling: JPEGSubsampling? = switch (colorModel, raw.max_h_samp, raw.max_v_samp) {
        case (.gray, _, _): .gray
        case (.yCbCr, 1, 1): .yuv444
        case (.yCbCr, 2, 1): .yuv422
        case (.yCbCr, 2, 2): .yuv420
        default: nil
        }
        return JPEGHeader(
            size: size, colorModel: colorModel, components: Int(raw.num_components),
            isProgressive: raw.progressive != 0, isArithmetic: raw.arithmetic != 0,
            // A one-component file is single blocks whatever sampling its header
            // claims: libjpeg decodes it so, and lossless tools crop it so.
            blockSize: raw.num_components == 1
                ? PixelSize(width: 8, height: 8) : PixelSize(width: 8 * Int(raw.max_h_samp), height: 8 * Int(raw.max_v_samp)),
            subsampling: subsampling, hasAdobeMarker: raw.saw_adobe != 0)
    }

    private static func decodeRegion(
        _ decoder: OpaquePointer, header: JPEGHeader, region: PixelRect?, scaleEighths: Int, outputSize: PixelSize?,
        smoothChroma: Bool, floatIDCT: Bool
    ) throws(ImagingError) -> DecodedRegion {
        let full = PixelRect(x: 0, y: 0, width: header.size.width, height: header.size.height)
        let wanted = region ?? full
        guard !wanted.isEmpty, full.contains(wanted) else {
            throw .invalidRequest(detail: "the region \(wanted) is not inside the \(header.size) image")
        }
        // Scaled coordinates: libjpeg makes the image ceil(size × scale) pixels.
        let scale = Double(scaleEighths) / 8
        let left = Int((Double(wanted.x) * scale).rounded(.down))
        let right = min(Int((Double(wanted.maxX) * scale).rounded(.up)), (header.size.width * scaleEighths + 7) / 8)
        let top = Int((Double(wanted.y) * scale).rounded(.down))
        let bottom = min(Int((Double(wanted.maxY) * scale).rounded(.up)), (header.size.height * scaleEighths + 7) / 8)
        let isCMYK = header.colorModel == .cmyk || header.colorModel == .ycck
        let outputColor: Int32 = switch header.colorModel {
        case .gray: Int32(CJPEG_OUT_GRAY)
        case .cmyk, .ycck: Int32(CJPEG_OUT_CMYK)
        default: Int32(CJPEG_OUT_RGB)
        }
        var cropX = UInt32(max(0, left)), cropWidth = UInt32(max(1, right - left)), outHeight: UInt32 = 0
        var components: Int32 = 0
        guard cjpeg_decoder_start(decoder, Int32(scaleEighths), outputColor, smoothChroma ? 1 : 0, floatIDCT ? 1 : 0, &cropX, &cropWidth, &outHeight, &components) == 0 else {
            throw .corrupt(detail: message(decoder))
        }
        let rows = min(bottom, Int(outHeight)) - top
        guard rows > 0 else { throw .corrupt(detail: "the decoder produced no rows for the region") }
        guard cjpeg_decoder_skip(decoder, UInt32(top)) == 0 else { throw .corrupt(detail: message(decoder)) }
        let width = Int(cropWidth), channels = Int(components)
        let regionInStream = Rect2D(
            x: Double(wanted.x) * scale - Double(cropX), y: Double(wanted.y) * scale - Double(top),
            width: Double(wanted.width) * scale, height: Double(wanted.height) * scale)
        let read: LanczosResampler.RowReader = { (target, count, stride) throws(ImagingError) in
            guard cjpeg_decoder_read(decoder, UInt32(count), target, stride) == 0 else {
                throw .corrupt(detail: message(decoder))
            }
        }
        if let outputSize, !isCMYK {
            let pixels = try LanczosResampler.resize(
                width: width, rows: rows, channels: channels, source: regionInStream, to: outputSize, read: read)
            let frame = Frame(size: outputSize, layout: channels == 1 ? .gray : .rgb,
                              planes: [Frame.Plane(bytes: pixels, stride: outputSize.width * channels)])
            return DecodedRegion(frame: frame, regionInFrame: Rect2D(x: 0, y: 0, width: Double(outputSize.width), height: Double(outputSize.height)), scaleEighths: scaleEighths)
        }
        let stride = width * channels
        var pixels = [UInt8](repeating: 0, count: stride * rows)
        try pixels.withUnsafeMutableBufferPointer { (out) throws(ImagingError) in
            try read(out.baseAddress!, rows, stride)
        }
        var frame = Frame(size: PixelSize(width: width, height: rows), layout: channels == 1 ? .gray : .rgb,
                          planes: [Frame.Plane(bytes: pixels, stride: stride)])
        if isCMYK {
            frame = CMYKConversion.rgbFrame(fromCMYK: pixels, width: width, height: rows, inverted: header.hasAdobeMarker)
        }
        if let outputSize {
            frame = LanczosResampler.crop(frame, source: regionInStream, to: outputSize)
            return DecodedRegion(frame: frame, regionInFrame: Rect2D(x: 0, y: 0, width: Double(outputSize.width), height: Double(outputSize.height)), scaleEighths: scaleEighths)
        }
        return DecodedRegion(frame: frame, regionInFrame: regionInStream, scaleEighths: scaleEighths)
    }

    static func message(_ decoder: OpaquePointer) -> String {
        let text = String(cString: cjpeg_decoder_message(decoder))
        return text.isEmpty ? "libjpeg failed without a message" : text
    }
}
