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
    /// The largest sampling factors (across, down): luma samples per chroma sample in a plain file.
    public var samplingFactors = PixelSize(width: 1, height: 1)
    /// The stored planes can be decoded as they are (gray, or YCbCr with chroma sampled 1×1).
    public var hasPlainPlanes = false
    /// MCUs between restart markers (0: none).
    public var restartInterval = 0
    /// Sequential with every component in the first scan: the whole picture is one scan.
    public var isSingleScan = false
    /// Bytes from the first scan's coded data to the file's end.
    public var bytesAfterHeader = 0

    /// Whether `region` (stored pixels) is a non-empty part of the image.
    /// The one check: the crop planner and the region decoder both ask it.
    func checkInside(_ region: PixelRect) throws(ImagingError) {
        guard !region.isEmpty, PixelRect(x: 0, y: 0, width: size.width, height: size.height).contains(region) else {
            throw .invalidRequest(detail: "the region \(region) is not inside the \(size) image")
        }
    }
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

/// Decodes JPEG with libjpeg(-turbo), through JPEGDecompressor (which makes
/// every CJPEG decoder call).
public enum JPEGDecoder {
    /// Reads only the header. Throws `.tooLarge` when it claims more than `maxPixels`.
    public static func header(of bytes: [UInt8], maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> JPEGHeader {
        try JPEGDecompressor.with(bytes, maxPixels: maxPixels) { (decompressor) throws(ImagingError) in decompressor.header }
    }

    /// Runs `body` with a decompressor that has read the header of `bytes`,
    /// then makes the `damage` check.
    static func withDecoder<Value>(
        _ bytes: [UInt8], maxPixels: Int, damage: DamageCheck,
        _ body: (JPEGDecompressor) throws(ImagingError) -> Value
    ) throws(ImagingError) -> Value {
        try JPEGDecompressor.with(bytes, maxPixels: maxPixels) { (decompressor) throws(ImagingError) -> Value in
            let value = try body(decompressor)
            try decompressor.check(damage)
            return value
        }
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
        return try withDecoder(bytes, maxPixels: maxPixels, damage: .forWholeFile(acceptsDamage: acceptsDamage)) { (decompressor) throws(ImagingError) in
            let header = decompressor.header
            let wanted = region ?? PixelRect(x: 0, y: 0, width: header.size.width, height: header.size.height)
            try header.checkInside(wanted)
            return try decodeRegion(decompressor, region: wanted, scaleEighths: scaleEighths, outputSize: outputSize,
                                    smoothChroma: smoothChroma, floatIDCT: floatIDCT)
        }
    }

    /// `region` (checked inside the image: JPEGHeader.checkInside) decoded
    /// as RGB, gray or CMYK made RGB; resampled to `outputSize` when given.
    static func decodeRegion(
        _ decompressor: JPEGDecompressor, region wanted: PixelRect, scaleEighths: Int, outputSize: PixelSize?,
        smoothChroma: Bool = true, floatIDCT: Bool = false
    ) throws(ImagingError) -> DecodedRegion {
        let header = decompressor.header
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
        let stream = try decompressor.startScanlines(
            scaleEighths: scaleEighths, output: outputColor, smoothChroma: smoothChroma, floatIDCT: floatIDCT,
            firstColumn: max(0, left), width: max(1, right - left))
        let rows = min(bottom, stream.height) - top
        guard rows > 0 else { throw .corrupt(detail: "the decoder produced no rows for the region") }
        try decompressor.skip(rows: top)
        let width = stream.width, channels = stream.components
        let regionInStream = Rect2D(
            x: Double(wanted.x) * scale - Double(stream.firstColumn), y: Double(wanted.y) * scale - Double(top),
            width: Double(wanted.width) * scale, height: Double(wanted.height) * scale)
        let read: LanczosResampler.RowReader = { (target, count, stride) throws(ImagingError) in
            try decompressor.read(rows: count, into: target, stride: stride)
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
}
