import CJPEG
import SquareCamCore

extension JPEGDecoder {
    /// The most memory the helper thread of a shared entropy decoding may
    /// fill with coefficients: about three times the coded data it covers,
    /// so enough for half of a 40 MB file.
    static let sharedDecodingRecordBytes = 64 << 20

    /// Runs `body` with a decoder that has read the header of `bytes`. Once
    /// its decode is started (after cjpeg_decoder_start_planes, before the
    /// first read), `body` calls the `share` it is given: the entropy-coded
    /// data is then decoded by two threads when the file has at least
    /// `sharingMinimumBytes` of it (nil: never; see cjpeg_decoder_share_entropy).
    /// The shared decoding leaves unusual data (a code no table has, data cut
    /// short) to libjpeg: when it gives up, `body` runs again on a fresh
    /// decoder without it, and libjpeg alone says what it makes of the file.
    /// A value `body` returns passes the `damage` check first (nil, which
    /// means "decode this file another way", needs none).
    static func withSharedDecoding<Value>(
        _ bytes: [UInt8], maxPixels: Int, sharingMinimumBytes: Int?, damage: DamageCheck,
        _ body: (_ decoder: OpaquePointer, _ header: JPEGHeader, _ share: () -> Void) throws(ImagingError) -> Value?
    ) throws(ImagingError) -> Value? {
        // The check is made here, not by withDecoder: reading the rest of the
        // file goes through the shared decoding too, which may give up there.
        let attempt = try withDecoder(bytes, maxPixels: maxPixels, damage: .none) { (decoder, header) throws(ImagingError) -> SharingAttempt<Value?> in
            var shared = false
            let share = {
                shared = sharingMinimumBytes.map {
                    cjpeg_decoder_share_entropy(decoder, $0, sharedDecodingRecordBytes) == 1
                } ?? false
            }
            do throws(ImagingError) {
                guard let value = try body(decoder, header, share) else { return .finished(nil) }
                try check(decoder, header: header, damage)
                return .finished(value)
            } catch {
                if shared && cjpeg_decoder_gave_up_sharing(decoder) != 0 { return .gaveUp }
                throw error
            }
        }
        switch attempt {
        case .finished(let value): return value
        case .gaveUp: return try withSharedDecoding(bytes, maxPixels: maxPixels, sharingMinimumBytes: nil, damage: damage, body)
        }
    }
}

/// How one try of withSharedDecoding ended.
private enum SharingAttempt<Value> {
    case finished(Value)
    /// The shared entropy decoding gave up: decode again without it.
    case gaveUp
}
