#if canImport(Glibc)
import Glibc  // free
#endif
import CJPEG
import Dispatch
import SquareCamCore

/// What a CJPEG call said: its bare return code, named.
enum LibjpegStatus: Sendable, Hashable {
    /// 0: done.
    case done
    /// -2: this way does not suit the file (or our own code may not run
    /// here); nothing was changed, take the plain way.
    case declined
    /// Any other code: failed, with the decoder's message set.
    case failed

    init(_ code: Int32) {
        self = switch code {
        case 0: .done
        case -2: .declined
        default: .failed
        }
    }
}

/// One libjpeg decompressor over one in-memory JPEG, its header read: every
/// `cjpeg_decoder_*` call (and the fence's, cjpeg_own_paths_usable) is made
/// here, so the rest of SquareCam speaks Swift types and throws
/// `ImagingError`s. Only valid inside `JPEGDecompressor.with`, which pins
/// the bytes libjpeg reads in place; used by one thread at a time.
final class JPEGDecompressor {
    /// A crafted progressive file can carry thousands of tiny scans; real ones have about 10.
    static let maxScans: Int32 = 1000

    private let decoder: OpaquePointer
    let header: JPEGHeader

    private init(decoder: OpaquePointer, header: JPEGHeader) {
        self.decoder = decoder
        self.header = header
    }

    /// Runs `body` with a decompressor that has read the header of `bytes`
    /// (pinned meanwhile). Throws `.tooLarge` when the header claims more
    /// than `maxPixels`.
    static func with<Value>(
        _ bytes: [UInt8], maxPixels: Int, _ body: (JPEGDecompressor) throws(ImagingError) -> Value
    ) throws(ImagingError) -> Value {
        let result: Result<Value, ImagingError> = bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = cjpeg_decoder_create() else { return .failure(.corrupt(detail: "out of memory")) }
            defer { cjpeg_decoder_destroy(decoder) }
            return Result { () throws(ImagingError) -> Value in
                let header = try readHeader(decoder, buffer, maxPixels: maxPixels)
                return try body(JPEGDecompressor(decoder: decoder, header: header))
            }
        }
        return try result.get()
    }

    // MARK: The fence

    /// Whether our C that reads and writes libjpeg's private state (column
    /// limiting, the shared entropy decoding, the transcoder) may run in this
    /// process: built against the libjpeg-turbo release it was written for, on a
    /// little-endian machine, and that release loaded.
    static let ownPathsUsable: Bool = cjpeg_own_paths_usable(nil) != 0

    /// Why that code may not run here; nil when it may.
    static let ownPathsMismatch: String? = {
        var why: UnsafePointer<CChar>? = nil
        guard cjpeg_own_paths_usable(&why) == 0 else { return nil }
        return why.map { String(cString: $0) } ?? "unknown"
    }()

    // MARK: Header

    private static func readHeader(
        _ decoder: OpaquePointer, _ buffer: UnsafeBufferPointer<UInt8>, maxPixels: Int
    ) throws(ImagingError) -> JPEGHeader {
        guard buffer.count >= 4, buffer[0] == 0xFF, buffer[1] == 0xD8 else {
            throw .unsupportedFormat(detail: "no JPEG start-of-image marker")
        }
        var raw = cjpeg_header()
        // Bounds libjpeg's own allocations (a progressive file keeps every
        // coefficient: 2 bytes × components per pixel) to what the pixel limit allows.
        let memoryLimit = max(64 << 20, min(maxPixels, Int.max / 16) * 8)
        guard LibjpegStatus(cjpeg_decoder_read_header(decoder, buffer.baseAddress, buffer.count, memoryLimit, maxScans, &raw)) == .done else {
            let precision = cjpeg_decoder_refused_precision(decoder)
            if precision != 0 { throw .unsupportedVariant(detail: "this is a \(precision)-bit JPEG") }
            throw .corrupt(detail: message(decoder))
        }
        let header = JPEGHeader(raw)
        guard header.size.width > 0, header.size.height > 0 else { throw .corrupt(detail: "the header claims an empty image") }
        guard header.size.area <= maxPixels else { throw .tooLarge(size: header.size, limit: maxPixels) }
        return header
    }

    // MARK: Scanlines (RGB, gray, CMYK)

    /// What `startScanlines` decodes: the columns libjpeg widened the crop
    /// to, the scaled height, bytes per pixel.
    struct ScanlineLayout {
        var firstColumn: Int
        var width: Int
        var height: Int
        var components: Int
    }

    /// Starts a scanline decode at `scaleEighths`/8 of the columns
    /// [firstColumn, firstColumn + width) of the scaled image (libjpeg's own
    /// jpeg_crop_scanline, widened to iMCUs).
    func startScanlines(
        scaleEighths: Int, output: Int32, smoothChroma: Bool, floatIDCT: Bool, firstColumn: Int, width: Int
    ) throws(ImagingError) -> ScanlineLayout {
        var cropX = UInt32(firstColumn), cropWidth = UInt32(width), height: UInt32 = 0, components: Int32 = 0
        try expectDone(cjpeg_decoder_start(decoder, Int32(scaleEighths), output, smoothChroma ? 1 : 0, floatIDCT ? 1 : 0,
                                           &cropX, &cropWidth, &height, &components))
        return ScanlineLayout(firstColumn: Int(cropX), width: Int(cropWidth), height: Int(height), components: Int(components))
    }

    /// Skips `rows` scaled rows without inverse DCT.
    func skip(rows: Int) throws(ImagingError) {
        try expectDone(cjpeg_decoder_skip(decoder, UInt32(rows)))
    }

    /// The next `rows` rows into `target`, `stride` bytes apart.
    func read(rows: Int, into target: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImagingError) {
        try expectDone(cjpeg_decoder_read(decoder, UInt32(rows), target, stride))
    }

    // MARK: Stored planes

    /// Starts decoding the stored planes at `scaleEighths`/8. The planner
    /// only asks for files whose header says they have plain planes, so a
    /// refusal here is a failure. `flatBlocks`: DC-only blocks are written
    /// directly (cjpeg_decoder_write_flat_blocks), the plan's `writesFlatBlocks`.
    func startPlanes(scaleEighths: Int, flatBlocks: Bool = false) throws(ImagingError) -> cjpeg_planes {
        var layout = cjpeg_planes()
        switch LibjpegStatus(cjpeg_decoder_start_planes(decoder, Int32(scaleEighths), &layout)) {
        case .done:
            if flatBlocks { cjpeg_decoder_write_flat_blocks(decoder) }
            return layout
        case .declined: throw .corrupt(detail: "libjpeg cannot decode this file's stored planes")
        case .failed: throw .corrupt(detail: message)
        }
    }

    /// Has libjpeg turn only the blocks under image columns first...last (at
    /// the decode scale) into samples; nil when it declines (our own code may
    /// not run here, or a progressive file libjpeg block-smooths): every
    /// column is decoded then, and `layout` stays true.
    func limitColumns(first: Int, last: Int, layout: cjpeg_planes) throws(ImagingError) -> cjpeg_planes? {
        var limited = layout
        switch LibjpegStatus(cjpeg_decoder_limit_columns(decoder, UInt32(first), UInt32(last), &limited)) {
        case .done: return limited
        case .declined: return nil
        case .failed: throw .corrupt(detail: message)
        }
    }

    /// Decodes the next iMCU row of every plane (`targets` and `strides` hold three entries).
    func readPlanes(
        _ targets: inout [UnsafeMutablePointer<UInt8>?], strides: inout [Int]
    ) throws(ImagingError) {
        try expectDone(cjpeg_decoder_read_planes(decoder, &targets, &strides))
    }

    // MARK: Shared entropy decoding

    /// Starts the helper thread that decodes the coded data's later part
    /// (after startPlanes, before the first read); false when the file does
    /// not suit it after all, and this thread decodes alone.
    func shareEntropyDecoding(minimumBytes: Int, recordBytes: Int) -> Bool {
        cjpeg_decoder_share_entropy(decoder, minimumBytes, recordBytes) == 1
    }

    func decodeRestarts() -> Bool { cjpeg_decoder_decode_restarts(decoder) == 1 }

    // MARK: Handover (cjpeg_entropy_share.c)

    /// Asks the shared decoding's helper to hand the rows from MCU row
    /// `lowerMCURow` on to a second decoder; this one reads `upperMCURows`
    /// rows. False when it cannot (nothing shared).
    func handOver(atMCURow lowerMCURow: Int, upperMCURows: Int) -> Bool {
        cjpeg_decoder_hand_over(decoder, UInt32(lowerMCURow), UInt32(upperMCURows)) == 1
    }

    /// At the handover's row (or done): whether the second decoder has the
    /// lower strip; false: this one reads on through it. May wait for the helper.
    func lowerStripHandedOver() -> Bool { cjpeg_decoder_lower_strip_handed_over(decoder) == 1 }

    /// This decompressor, for the second decoder's thread to take the handover from.
    struct HandoverSource: @unchecked Sendable {
        // Only cjpeg_decoder_take_handover reads it, under the share's lock.
        fileprivate let decoder: OpaquePointer
    }

    var handoverSource: HandoverSource { HandoverSource(decoder: decoder) }

    /// Runs `work` on the helper's thread once it stops (the lower strip of a
    /// handover: that thread already has a core of its own, where the
    /// scheduler put a thread woken for the work beside this one, and left
    /// the other core idle), or on another thread when no helper will.
    func afterHelper(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(HelperWork(work)).toOpaque()
        let run: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
            Unmanaged<HelperWork>.fromOpaque(context!).takeRetainedValue().work()
        }
        if cjpeg_decoder_after_helper(decoder, run, box) != 1 {
            let work = Unmanaged<HelperWork>.fromOpaque(box).takeRetainedValue().work
            DispatchQueue.global().async { work() }
        }
    }

    private final class HelperWork: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    enum Handover {
        /// This decoder decodes the lower strip from the helper's reader.
        case taken
        /// The first decoder reads the lower strip.
        case notComing
        /// Handed over, but this decoder cannot take it: decode again with libjpeg alone.
        case cannotTake
    }

    /// For the second decoder (after startPlanes, before the first read):
    /// waits for the helper's handover.
    func takeHandover(from source: HandoverSource) -> Handover {
        switch cjpeg_decoder_take_handover(decoder, source.decoder) {
        case 1: .taken
        case 0: .notComing
        default: .cannotTake
        }
    }

    /// Whether a read failed because the shared decoding met data it leaves to libjpeg.
    var gaveUpSharing: Bool { cjpeg_decoder_gave_up_sharing(decoder) != 0 }

    /// MCUs this thread took from the helper's records so far.
    var sharedMCUs: Int { Int(cjpeg_decoder_shared_mcus(decoder)) }

    // MARK: Lossless transcoding

    /// The image turned by `transform` and cut to `crop` in the DCT domain
    /// (cjpeg_decoder_transcode); nil where our transcoder may not run (use TurboJPEG).
    func transcode(transform: TJXOP, crop: PixelRect) throws(ImagingError) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { free(output) }
        let status = LibjpegStatus(cjpeg_decoder_transcode(
            decoder, Int32(transform.rawValue), UInt32(crop.x), UInt32(crop.y), UInt32(crop.width),
            UInt32(crop.height), &output, &size))
        switch status {
        case .declined: return nil
        case .failed: throw .corrupt(detail: "lossless transform: \(message)")
        case .done:
            guard let output else { throw .corrupt(detail: "lossless transform: no output") }
            return Array(UnsafeBufferPointer(start: output, count: Int(size)))
        }
    }

    // MARK: Damage

    /// Throws `.damaged` when libjpeg warned about the data `damage` covers
    /// (reading the rest of the file first for `.wholeFile`).
    func check(_ damage: JPEGDecoder.DamageCheck) throws(ImagingError) {
        let rowOffset: Int
        switch damage {
        case .none: return
        case .rowsRead(let offset): rowOffset = offset
        case .wholeFile(let offset):
            try expectDone(cjpeg_decoder_finish_input(decoder))
            rowOffset = offset
        }
        if let found = self.damage(rowOffset: rowOffset) { throw .damaged(found) }
    }

    /// What libjpeg decoded past so far; nil when it saw no damage.
    /// `rowOffset`: the rows above the part of the picture this decoder was given.
    func damage(rowOffset: Int = 0) -> JPEGDamage? {
        var raw = cjpeg_damage()
        cjpeg_decoder_damage(decoder, &raw)
        guard raw.warnings > 0 else { return nil }
        return JPEGDamage(
            warnings: Int(raw.warnings), firstWarning: String(cString: raw.text), cutShort: raw.cut_short != 0,
            progressiveScan: raw.progressive != 0 ? Int(raw.scan) : nil, imcuRow: Int(raw.imcu_row),
            header: header, rowOffset: rowOffset)
    }

    // MARK: Errors

    /// The last error, in libjpeg's words.
    var message: String { Self.message(decoder) }

    private static func message(_ decoder: OpaquePointer) -> String {
        let text = String(cString: cjpeg_decoder_message(decoder))
        return text.isEmpty ? "libjpeg failed without a message" : text
    }

    private func expectDone(_ code: Int32) throws(ImagingError) {
        guard LibjpegStatus(code) == .done else { throw .corrupt(detail: message) }
    }
}

extension JPEGHeader {
    /// The header as cjpeg_decoder_read_header gives it.
    init(_ raw: cjpeg_header) {
        let colorModel: ColorModel = switch raw.color_space {
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
        self.init(
            size: PixelSize(width: Int(raw.width), height: Int(raw.height)), colorModel: colorModel,
            components: Int(raw.num_components), isProgressive: raw.progressive != 0, isArithmetic: raw.arithmetic != 0,
            // A one-component file is single blocks whatever sampling its header
            // claims: libjpeg decodes it so, and lossless tools crop it so.
            blockSize: raw.num_components == 1
                ? PixelSize(width: 8, height: 8) : PixelSize(width: 8 * Int(raw.max_h_samp), height: 8 * Int(raw.max_v_samp)),
            subsampling: subsampling, hasAdobeMarker: raw.saw_adobe != 0,
            samplingFactors: PixelSize(width: Int(raw.max_h_samp), height: Int(raw.max_v_samp)),
            hasPlainPlanes: raw.plain_planes != 0, restartInterval: Int(raw.restart_interval),
            isSingleScan: raw.single_scan != 0, bytesAfterHeader: raw.bytes_after_header)
    }
}
