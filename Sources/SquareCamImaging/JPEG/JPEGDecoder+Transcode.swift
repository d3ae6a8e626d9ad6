import CJPEG
import SquareCamCore

extension JPEGDecoder {
    /// Turns the JPEG by `transform` and cuts `crop` (in the turned image,
    /// its origin on the iMCU grid) in the DCT domain: no decode, no
    /// re-encode, as jpegtran does. The new JPEG carries no markers (APPn);
    /// add them after. See cjpeg_decoder_transcode. Every coefficient of the
    /// file is read, so damage anywhere fails it unless `acceptsDamage`.
    static func transcode(
        _ bytes: [UInt8], transform: TJXOP, crop: PixelRect, maxPixels: Int, acceptsDamage: Bool = false
    ) throws(ImagingError) -> [UInt8] {
        try withDecoder(bytes, maxPixels: maxPixels, damage: .forWholeFile(acceptsDamage: acceptsDamage)) {
            (decompressor) throws(ImagingError) -> [UInt8] in
            try transcode(decompressor, transform: transform, crop: crop)
        }
    }

    /// As above, with a decompressor whose header is read (and nothing else).
    static func transcode(_ decompressor: JPEGDecompressor, transform: TJXOP, crop: PixelRect) throws(ImagingError) -> [UInt8] {
        // The planner picks our transcoder only where it may run.
        guard let output = try decompressor.transcode(transform: transform, crop: crop) else {
            throw .corrupt(detail: "lossless transform: our transcoder may not run with this libjpeg")
        }
        return output
    }
}
