import CJPEG
import SquareCamCore

/// Lossless crops and turns through TurboJPEG's transformer (jpegtran's
/// engine): the way taken where our own transcoder (JPEGDecoder.transcode)
/// may not run, or is turned off. The same coefficients, block for block
/// (TranscoderDifferentialTests). Every tjTransform call is here.
enum TurboJPEGTransform {
    /// Turns `bytes` (whose iMCU is `storedBlock`) by `transform`, drops the
    /// partial iMCUs the turn would move to the top or left edge, and cuts
    /// `crop` (in the turned image, its origin on the turned iMCU grid) as a
    /// new baseline JPEG without markers (APPn): what JPEGDecoder.transcode does.
    /// Damage (libjpeg's warnings; tjTransform reads the whole file) fails it
    /// unless `acceptsDamage`, described as JPEGDecoder.transcode describes it.
    static func crop(
        _ bytes: [UInt8], storedBlock: PixelSize, transform: TJXOP, crop: PixelRect, maxPixels: Int,
        acceptsDamage: Bool = false
    ) throws(ImagingError) -> [UInt8] {
        let swapsAxes = [TJXOP_TRANSPOSE, TJXOP_TRANSVERSE, TJXOP_ROT90, TJXOP_ROT270].contains(transform)
        let crops = TJXOPT_CROP | TJXOPT_COPYNONE
        let run = { (bytes: [UInt8], transform: TJXOP, options: Int32, crop: PixelRect?) throws(ImagingError) -> [UInt8] in
            let (written, warned) = try Self.run(bytes, transform: transform, options: options, crop: crop)
            if warned && !acceptsDamage {
                // TurboJPEG keeps only its last message: libjpeg reads the file
                // again to say what is wrong and where.
                try JPEGDecoder.withDecoder(bytes, maxPixels: maxPixels, damage: .wholeFile()) { (_) throws(ImagingError) in }
                throw .corrupt(detail: "lossless transform: libjpeg warned about the data")
            }
            return written
        }
        guard swapsAxes && storedBlock.width != storedBlock.height else {
            return try run(bytes, transform, crops | TJXOPT_TRIM, crop)
        }
        // tjTransform checks a crop's origin against the stored file's MCU
        // even after a quarter turn, so a 4:2:2 file's turned 8×16 iMCU grid
        // looks misaligned to it. Turned first, the file has that grid as its
        // own, and the crop passes.
        let turned = try run(bytes, transform, TJXOPT_TRIM | TJXOPT_COPYNONE, nil)
        return try run(turned, TJXOP_NONE, crops, crop)
    }

    /// The transformed file, and whether libjpeg warned about damaged data on the way.
    private static func run(
        _ bytes: [UInt8], transform: TJXOP, options: Int32, crop: PixelRect?
    ) throws(ImagingError) -> (jpeg: [UInt8], warned: Bool) {
        var request = tjtransform()
        if let crop {
            request.r = tjregion(x: Int32(crop.x), y: Int32(crop.y), w: Int32(crop.width), h: Int32(crop.height))
        }
        request.op = Int32(transform.rawValue)
        // Markers are written by the caller: the EXIF with Orientation 1 and the ICC profile.
        request.options = options
        guard let handle = tjInitTransform() else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = bytes.withUnsafeBufferPointer { input in
            tjTransform(handle, input.baseAddress, UInt(input.count), 1, &output, &size, &request, 0)
        }
        let written = output.map { Array(UnsafeBufferPointer(start: $0, count: Int(size))) } ?? []
        // tjTransform fails on a mere warning (corrupt data libjpeg read
        // past), yet the file it wrote is whole, as our transcoder's is then.
        // A file cut short by a real error after a warning lacks its EOI.
        let warned = status != 0 && tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
        guard status == 0 || (warned && written.suffix(2) == [0xFF, 0xD9]), !written.isEmpty else {
            throw .corrupt(detail: "lossless transform: \(String(cString: tjGetErrorStr2(handle)))")
        }
        return (written, warned)
    }
}
