#if canImport(Glibc)
import Glibc  // free
#endif
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
            (decoder, _) throws(ImagingError) -> [UInt8] in
            var output: UnsafeMutablePointer<UInt8>? = nil
            var size: UInt = 0
            defer { free(output) }
            guard cjpeg_decoder_transcode(
                decoder, Int32(transform.rawValue), UInt32(crop.x), UInt32(crop.y), UInt32(crop.width),
                UInt32(crop.height), &output, &size) == 0, let output else {
                throw .corrupt(detail: "lossless transform: \(message(decoder))")
            }
            return Array(UnsafeBufferPointer(start: output, count: Int(size)))
        }
    }
}
