#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCore

/// Square crops of existing photos: the engine behind `squarecam crop`.
///
/// JPEG is decoded at the smallest DCT scale that still leaves the square at
/// least the output size (so the Lanczos-3 pass only ever shrinks), and only
/// the square's blocks are decoded. The pixels are cropped and resized in the
/// stored orientation, then turned upright once, at output size.
public enum SquareCropper {
    /// Crops one encoded image (JPEG, PNG or HEIF/HEIC). Thread-safe: run
    /// several at once for several files.
    /// A damaged JPEG (cut short, corrupt data) fails with `.damaged`; with
    /// `options.acceptsDamage` it is cropped all the same and the result says
    /// what was wrong.
    public static func crop(_ bytes: [UInt8], options: CropOptions = CropOptions()) throws(ImagingError) -> CropResult {
        try crop(bytes, options: options, planner: CropPlanner())
    }

    /// As above, a JPEG's plan made by `planner`: tests and fuzzing pass
    /// one with their own thresholds, to reach paths small files do not.
    package static func crop(_ bytes: [UInt8], options: CropOptions, planner: CropPlanner) throws(ImagingError) -> CropResult {
        do {
            return try crop(bytes, options: options, planner: planner, acceptingDamage: false)
        } catch .damaged(let damage) where options.acceptsDamage {
            // Damage is rare: decoding again, now past it, costs the good files nothing.
            var result = try crop(bytes, options: options, planner: planner, acceptingDamage: true)
            result.damage = damage
            return result
        }
    }

    private static func crop(
        _ bytes: [UInt8], options: CropOptions, planner: CropPlanner, acceptingDamage: Bool
    ) throws(ImagingError) -> CropResult {
        guard (1...100).contains(options.quality) else {
            throw .invalidRequest(detail: "the quality must be 1–100, not \(options.quality)")
        }
        if let size = options.size, size < 1 {
            throw .invalidRequest(detail: "the size must be at least 1 pixel, not \(size)")
        }
        if options.circle, options.format != .png || options.mode == .lossless {
            throw .invalidRequest(detail: "a round avatar is written as PNG, re-encoded: it needs --format png and no --mode lossless")
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            var result = try cropJPEG(bytes, options: options, planner: planner, acceptsDamage: acceptingDamage)
            if result.format == .jpeg {
                let passedOn = JPEGMarkers(bytes).passedOn(size: result.outputSize, metadata: options.metadata)
                result.bytes = JPEGMarkers.inserting(passedOn, into: result.bytes)
            }
            return result
        }
        guard options.mode != .lossless else {
            throw .invalidRequest(detail: "--mode lossless works on JPEG files only; use --mode center for this file")
        }
        if bytes.starts(with: PNGCodec.signature) {
            // A PNG square keeps 16 bits; a JPEG holds 8 whatever the input.
            if options.format != .jpeg, PNGCodec.isSixteenBit(bytes) {
                return try cropSixteenBitPNG(bytes, options: options)
            }
            let keepAlpha = options.format != .jpeg
            let frame = try PNGCodec.decode(bytes, keepAlpha: keepAlpha, maxPixels: options.maxPixels)
            return try cropDecoded(frame, exif: nil, icc: nil, isPNG: true, subsampling: .yuv444, options: options)
        }
        if HEIFDecoder.isHEIF(bytes) {
            let image = try HEIFDecoder.decode(bytes, keepAlpha: options.format == .png, maxPixels: options.maxPixels)
            return try cropDecoded(image.frame, exif: image.exif, icc: image.iccProfile, isPNG: false,
                                   subsampling: .yuv420, options: options)
        }
        throw .unsupportedFormat(detail: bytes.isEmpty ? "the file is empty" : "unknown file signature")
    }

    // MARK: JPEG

    /// The header read once, the square found, the plan made from them,
    /// and the plan carried out on the decompressor that read the header.
    private static func cropJPEG(
        _ bytes: [UInt8], options: CropOptions, planner: CropPlanner, acceptsDamage: Bool
    ) throws(ImagingError) -> CropResult {
        try JPEGDecompressor.with(bytes, maxPixels: options.maxPixels) { (decompressor) throws(ImagingError) -> CropResult in
            let header = decompressor.header
            let markers = JPEGMarkers(bytes)
            let exif = markers.exifPayload.flatMap { try? ExifMetadata(app1Payload: $0) }
            // 0 and out-of-range values read as 1, as viewers do.
            let orientation = Orientation(exifValue: exif?.orientationValue ?? 1)
            // A CMYK profile cannot describe the RGB pixels we write.
            let isCMYK = header.colorModel == .cmyk || header.colorModel == .ycck
            let icc = options.metadata == .strip || isCMYK ? nil : markers.iccProfile
            let upright = orientation.displayedSize(forStored: header.size)
            let square = try square(of: bytes, upright: upright, orientation: orientation, options: options,
                                    acceptsDamage: acceptsDamage)
            let plan = try planner.plan(header: header, orientation: orientation, square: square, options: options)
            let input = JPEGCropInput(bytes: bytes, header: header, orientation: orientation, exif: exif, icc: icc,
                                      upright: upright, square: square, options: options, acceptsDamage: acceptsDamage)
            return try CropPlanExecutor.run(plan, on: decompressor, input)
        }
    }

    /// The upright square `options.mode` takes: the centre's, or (smart,
    /// face) the faces' or the scorer's, found on small previews, each a
    /// decode of its own.
    private static func square(
        of bytes: [UInt8], upright: PixelSize, orientation: Orientation, options: CropOptions, acceptsDamage: Bool
    ) throws(ImagingError) -> PixelRect {
        guard options.mode == .smart || options.mode == .face else { return upright.centeredSquare }
        let uprightPreview = { (eighths: Int) throws(ImagingError) -> Frame in
            try JPEGDecoder.decode(bytes, scaleEighths: eighths, maxPixels: options.maxPixels,
                                   acceptsDamage: acceptsDamage).frame.applying(orientation)
        }
        // One decode for both on a 12 MP photo (1/8 is large enough for the
        // detector); a small photo's scorer keeps its 1/8 preview.
        let faceScale = FaceFirstSquare.previewScaleEighths(forLongSide: upright.longSide)
        let facePreview = try uprightPreview(faceScale)
        return try FaceFirstSquare.square(facePreview: facePreview, fullSize: upright, mode: options.mode,
                                          threads: options.usesSecondThread ? 2 : 1) {
            () throws(ImagingError) in faceScale == 1 ? facePreview : try uprightPreview(1)
        }
    }

    /// The sizes, in stored orientation, of the planes a `side`-pixel square
    /// JPEG with `subsampling` is made of: the fast path resamples the input's
    /// own Y, Cb and Cr planes straight to these. Nil when the input has no
    /// colour to give a colour output (that takes the RGB path).
    static func storedPlaneSizes(
        side: Int, subsampling: JPEGSubsampling, orientation: Orientation, inputIsGray: Bool
    ) -> [PixelSize]? {
        let luma = PixelSize(width: side, height: side)
        let half = (side + 1) / 2
        switch subsampling {
        case .gray: return [luma]
        case _ where inputIsGray: return nil
        case .yuv444: return [luma, luma, luma]
        case .yuv420: return [luma] + Array(repeating: PixelSize(width: half, height: half), count: 2)
        case .yuv422:
            // Half width when upright; a quarter turn makes that half height as stored.
            let chroma = orientation.displayedSize(forStored: PixelSize(width: half, height: side))
            return [luma, chroma, chroma]
        }
    }

    /// The smallest DCT scale (in eighths) that leaves Lanczos-3 at least a
    /// 2× shrink to do. libjpeg's scaled IDCT keeps only each block's low
    /// frequencies, which aliases: measured on the 12 MP bus photo to 1080,
    /// decoding at 1/2 (a 1.4× Lanczos step left) scored 37.3 dB PSNR against
    /// a full-resolution Lanczos-3 reference, 1.4 dB below a full decode; a 2× margin matches it
    /// (vipsthumbnail keeps the same margin). Only 1/8, 1/4, 1/2 and 1 are
    /// used: libjpeg-turbo's other scales have no SIMD inverse DCT and were
    /// slower than a full decode here.
    static func decodeScale(squareSide: Int, outputSide: Int) -> Int {
        for eighths in [1, 2, 4] where squareSide * eighths >= outputSide * 16 {
            return eighths
        }
        return 8
    }

    // MARK: PNG and HEIF (decoded whole)

    private static func cropDecoded(
        _ frame: Frame, exif: ExifMetadata?, icc: [UInt8]?, isPNG: Bool, subsampling: JPEGSubsampling,
        options: CropOptions
    ) throws(ImagingError) -> CropResult {
        let square = try square(of: frame, mode: options.mode)
        let side = min(options.size ?? square.width, square.width)
        let pixels = LanczosResampler.crop(frame, source: square.rect2D, to: PixelSize(width: side, height: side))
        return try finish(pixels, exif: exif, icc: icc, isPNG: isPNG, subsampling: options.subsampling ?? subsampling,
                          inputSize: frame.size, square: square, options: options)
    }

    /// The square `mode` takes of a whole decoded image (center, smart or face).
    static func square(of frame: Frame, mode: CropOptions.Mode) throws(ImagingError) -> PixelRect {
        guard mode == .smart || mode == .face else { return frame.size.centeredSquare }
        // The detector shrinks the frame to its own working size.
        return try FaceFirstSquare.square(facePreview: frame, fullSize: frame.size, mode: mode) { () throws(ImagingError) in
            let shrink = max(1, frame.size.shortSide / 256)
            let previewSize = PixelSize(width: max(1, frame.size.width / shrink), height: max(1, frame.size.height / shrink))
            return LanczosResampler.resize(frame, source: frame.size.bounds.rect2D, to: previewSize)
        }
    }

    // MARK: Output

    static func finish(
        _ pixels: Frame, exif: ExifMetadata?, icc: [UInt8]?, isPNG: Bool, subsampling: JPEGSubsampling,
        inputSize: PixelSize, square: PixelRect, options: CropOptions
    ) throws(ImagingError) -> CropResult {
        let writesPNG = options.format == .png || (options.format == .same && isPNG)
        let bytes: [UInt8]
        if writesPNG {
            // The simplified libpng writer carries no metadata: an 8-bit PNG square has pixels only.
            bytes = try PNGCodec.encode(options.circle ? pixels.cutToCircle() : pixels)
        } else {
            bytes = try JPEGEncoder.encode(
                pixels, quality: options.quality, subsampling: subsampling,
                exif: try outputEXIF(exif, size: pixels.size, options: options),
                iccProfile: options.metadata == .strip ? nil : icc)
        }
        return CropResult(
            bytes: bytes, format: writesPNG ? .png : .jpeg, outputSize: pixels.size, inputSize: inputSize,
            square: square, losslessOffset: nil)
    }

    /// The input's EXIF made true for the square, or nil when stripping or
    /// when libexif cannot read the input's block (then it is dropped rather
    /// than copied with a wrong orientation).
    static func outputEXIF(_ exif: ExifMetadata?, size: PixelSize, options: CropOptions) throws(ImagingError) -> ExifMetadata? {
        guard options.metadata != .strip, let exif else { return nil }
        return try? ExifMetadata.cropped(from: exif, pixelSize: size, stripLocation: options.metadata == .stripLocation)
    }
}
