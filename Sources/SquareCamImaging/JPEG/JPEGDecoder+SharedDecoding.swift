extension JPEGDecoder {
    /// The most memory the helper thread of a shared entropy decoding may
    /// fill with coefficients: about three times the coded data it covers,
    /// so enough for half of a 40 MB file.
    static let sharedDecodingRecordBytes = 64 << 20

    /// Starts the shared entropy decoding when `path` says so (after
    /// startPlanes, before the first read: the helper then decodes while this
    /// thread plans the rest). The planner has checked what the header
    /// shows; when the C declines all the same (a table it cannot build, no
    /// memory or thread for the helper), libjpeg decodes alone, and `path` says so.
    static func startSharing(_ decompressor: JPEGDecompressor, path: inout CropPath) {
        guard path.decode == .sharedEntropyDecoding else { return }
        if !decompressor.shareEntropyDecoding(minimumBytes: 0, recordBytes: sharedDecodingRecordBytes) {
            path.decode = .libjpegAlone
            path.fellBack = "the shared entropy decoding declined the file (a table, or no memory or thread for its helper)"
        }
    }

    /// Runs `decode`, then the `damage` check (reading the rest of the file
    /// goes through the shared decoding too). Nil when the shared decoding
    /// gave up on the way (a code no table has, data cut short): it leaves
    /// those to libjpeg, so the file is to be decoded again without it.
    static func unlessSharingGaveUp<Value>(
        _ decompressor: JPEGDecompressor, path: CropPath, damage: DamageCheck,
        _ decode: () throws(ImagingError) -> Value
    ) throws(ImagingError) -> Value? {
        do {
            let value = try decode()
            try decompressor.check(damage)
            return value
        } catch {
            if path.decode == .sharedEntropyDecoding && decompressor.gaveUpSharing { return nil }
            throw error
        }
    }
}
