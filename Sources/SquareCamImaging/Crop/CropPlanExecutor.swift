import CJPEG
import SquareCamCore

/// What the executor needs of one JPEG beside its plan: the facts read from
/// its header and markers once, before planning.
struct JPEGCropInput {
    let bytes: [UInt8]
    let header: JPEGHeader
    let orientation: Orientation
    let exif: ExifMetadata?
    /// The ICC profile to write (nil when stripped, or for CMYK input).
    let icc: [UInt8]?
    /// The photo's size upright.
    let upright: PixelSize
    /// The square, in upright pixels.
    let square: PixelRect
    let options: CropOptions
    let acceptsDamage: Bool
}

/// Carries out a CropPlan: the strategy it names, decoded the way it names,
/// on the decompressor that read the header for it. It decides nothing
/// but what run time forces: when the plan's decode gives up, its named
/// fallback takes over, and the CropPath in the result says so.
enum CropPlanExecutor {
    static func run(_ plan: CropPlan, on decompressor: JPEGDecompressor, _ input: JPEGCropInput) throws(ImagingError) -> CropResult {
        var path = CropPath(plan: plan)
        var result = try make(plan, on: decompressor, input, path: &path)
        result.path = path
        return result
    }

    private static func make(
        _ plan: CropPlan, on decompressor: JPEGDecompressor, _ input: JPEGCropInput, path: inout CropPath
    ) throws(ImagingError) -> CropResult {
        let options = input.options
        let side = plan.outputSide
        let outputSize = PixelSize(width: side, height: side)
        let subsampling = options.subsampling ?? input.header.subsampling ?? .yuv420
        switch plan.strategy {
        case .lossless:
            return try lossless(plan, on: decompressor, input)
        case .planesToJPEG:
            let jpeg = try JPEGDecoder.cropPlanesToJPEG(decompressor, plan: plan, quality: options.quality, path: &path,
                                                        acceptsDamage: input.acceptsDamage)
            let exif = try SquareCropper.outputEXIF(input.exif, size: outputSize, options: options)
            return CropResult(
                bytes: JPEGMarkers.inserting(exif: exif?.app1Payload, icc: input.icc, into: jpeg), format: .jpeg,
                outputSize: outputSize, inputSize: input.upright, square: input.square, losslessOffset: nil)
        case .resampledPlanes:
            // The planner has checked that these sizes exist.
            let sizes = SquareCropper.storedPlaneSizes(side: side, subsampling: subsampling, orientation: input.orientation,
                                                       inputIsGray: input.header.subsampling == .gray) ?? []
            let planes = try withFallback(decompressor, input, path: &path) { (decompressor, path) throws(ImagingError) in
                try JPEGDecoder.decodePlanes(decompressor, bytes: input.bytes, plan: plan, planeSizes: sizes,
                                             maxPixels: options.maxPixels, path: &path, acceptsDamage: input.acceptsDamage)
            }
            let jpeg = try JPEGEncoder.encode(
                planes: planes.map { $0.applying(input.orientation) }, subsampling: subsampling, quality: options.quality,
                exif: try SquareCropper.outputEXIF(input.exif, size: outputSize, options: options), iccProfile: input.icc,
                twoThreads: plan.encodesOnTwoThreads)
            return CropResult(bytes: jpeg, format: .jpeg, outputSize: outputSize, inputSize: input.upright,
                              square: input.square, losslessOffset: nil)
        case .rgb:
            let decoded = try JPEGDecoder.decodeRegion(decompressor, region: plan.region, scaleEighths: plan.scaleEighths,
                                                       outputSize: outputSize)
            try decompressor.check(.forWholeFile(acceptsDamage: input.acceptsDamage))
            return try SquareCropper.finish(
                decoded.frame.applying(input.orientation), exif: input.exif, icc: input.icc, isPNG: false,
                subsampling: subsampling, inputSize: input.upright, square: input.square, options: options)
        }
    }

    /// Runs `attempt` on `decompressor` as `path` says; when it returns nil
    /// (our entropy decoding gave up), runs it again on a fresh
    /// decompressor with the plan's fallback: libjpeg cannot go back in a file.
    private static func withFallback<Value>(
        _ decompressor: JPEGDecompressor, _ input: JPEGCropInput, path: inout CropPath,
        _ attempt: (JPEGDecompressor, inout CropPath) throws(ImagingError) -> Value?
    ) throws(ImagingError) -> Value {
        if let value = try attempt(decompressor, &path) { return value }
        path.fellBack = "our entropy decoding (\(path.decode.rawValue)) met data it leaves to libjpeg"
        path.decode = path.plan.fallback ?? .libjpegAlone
        var again = path
        let value = try JPEGDecompressor.with(input.bytes, maxPixels: input.options.maxPixels) {
            (fresh) throws(ImagingError) -> Value? in try attempt(fresh, &again)
        }
        path = again
        // libjpeg alone never gives up this way.
        guard let value else { throw .corrupt(detail: "the fallback decode gave up") }
        return value
    }

    private static func lossless(
        _ plan: CropPlan, on decompressor: JPEGDecompressor, _ input: JPEGCropInput
    ) throws(ImagingError) -> CropResult {
        let options = input.options
        let crop = try JPEGLosslessCropper.crop(
            header: input.header, orientation: input.orientation,
            exif: { (size) throws(ImagingError) in try SquareCropper.outputEXIF(input.exif, size: size, options: options) },
            iccProfile: input.icc) { (square, transform) throws(ImagingError) in
            if plan.decode == .transcoder {
                // This decompressor has read the header only: the transcoder reads every coefficient from here.
                let cut = try JPEGDecoder.transcode(decompressor, transform: transform, crop: square)
                try decompressor.check(.forWholeFile(acceptsDamage: input.acceptsDamage))
                return cut
            }
            return try TurboJPEGTransform.crop(input.bytes, storedBlock: input.header.blockSize, transform: transform,
                                               crop: square, maxPixels: options.maxPixels, acceptsDamage: input.acceptsDamage)
        }
        return CropResult(
            bytes: crop.jpeg, format: .jpeg, outputSize: crop.square.size, inputSize: input.upright,
            square: crop.square, losslessOffset: crop.offsetFromCenter)
    }
}
