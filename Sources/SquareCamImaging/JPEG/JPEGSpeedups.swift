import CJPEG

/// Which of SquareCam's own ways to crop a JPEG faster than libjpeg-turbo
/// alone a crop may take. Each gives exactly what libjpeg or TurboJPEG alone
/// gives; CropOptions.libjpegOnly (`squarecam crop --libjpeg-only`) turns
/// them all off, so a bug report can say whether a problem lies in them.
struct JPEGSpeedups: Sendable, Hashable {
    /// A file with restart markers is decoded as two strips at once (JPEGRestartTail).
    var restartStrips = false
    /// Only the iMCU columns a crop needs are inverse-transformed (cjpeg_decoder_limit_columns).
    var columnLimit = false
    /// A baseline file with at least this many bytes of coded data has it
    /// decoded by two threads (cjpeg_decoder_share_entropy); nil: never.
    var sharedDecodingMinimumBytes: Int? = nil
    /// Lossless crops go through our DCT-domain transcoder (cjpeg_decoder_transcode), not tjTransform.
    var transcoder = false

    /// libjpeg-turbo and TurboJPEG alone.
    static let none = JPEGSpeedups()

    /// What `options` allow here.
    init(_ options: CropOptions) {
        self.init(libjpegOnly: options.libjpegOnly, secondThread: options.usesSecondThread,
                  sharedDecodingMinimumBytes: options.sharedDecodingMinimumBytes)
    }

    /// All but what `libjpegOnly` turns off, the second thread's ways only
    /// with `secondThread`, and the paths that touch libjpeg's private state
    /// only where JPEGInternals says they may run.
    init(libjpegOnly: Bool, secondThread: Bool, sharedDecodingMinimumBytes: Int) {
        guard !libjpegOnly else { return }
        restartStrips = secondThread
        guard JPEGInternals.areKnown else { return }
        columnLimit = true
        self.sharedDecodingMinimumBytes = secondThread ? sharedDecodingMinimumBytes : nil
        transcoder = true
    }

    init(restartStrips: Bool = false, columnLimit: Bool = false, sharedDecodingMinimumBytes: Int? = nil, transcoder: Bool = false) {
        self.restartStrips = restartStrips
        self.columnLimit = columnLimit
        self.sharedDecodingMinimumBytes = sharedDecodingMinimumBytes
        self.transcoder = transcoder
    }
}

/// Whether our C that reads and writes libjpeg's private state (column
/// limiting, the shared entropy decoding, the transcoder) may run in this
/// process: built against the libjpeg-turbo release it was written for, on a
/// little-endian machine, and that release loaded (cjpeg_own_paths_usable).
enum JPEGInternals {
    static let areKnown: Bool = cjpeg_own_paths_usable(nil) != 0

    /// Why that code may not run here; nil when it may.
    static let mismatch: String? = {
        var why: UnsafePointer<CChar>? = nil
        guard cjpeg_own_paths_usable(&why) == 0 else { return nil }
        return why.map { String(cString: $0) } ?? "unknown"
    }()
}
