import SquareCamImaging

/// libFuzzer entry: the whole `squarecam crop` path on one untrusted file
/// (format sniffing, decode, orientation, lossless crop, EXIF rewrite,
/// encode; a 16-bit PNG into PNG too). The last byte picks the mode, metadata
/// and output size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCrop(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.last else { return 0 }
    let modes = CropOptions.Mode.allCases
    let metadata: [CropOptions.Metadata] = [.keep, .stripLocation, .strip]
    let options = CropOptions(
        mode: modes[Int(selector) % modes.count],
        size: selector & 0x40 == 0 ? nil : 64,
        metadata: metadata[Int(selector >> 2) % metadata.count],
        // Keeps one run within libFuzzer's memory limit; the product's own
        // limit is fuzzed by FuzzJPEG, FuzzPNG and FuzzHEIF.
        maxPixels: 20_000_000)
    var threaded = options
    // The top bit: decode and resample on two threads, as a single-file crop does.
    threaded.usesSecondThread = selector & 0x80 != 0
    let result = outcome(bytes, threaded)
    // A 16-bit PNG also into PNG: the full-API reader, the 16-bit resampler and writer.
    if PNGCodec.isSixteenBit(bytes) {
        var png = options
        png.format = .png
        _ = outcome(bytes, png)
    }
    // Differential: our own JPEG code (the shared entropy decoding, column
    // limiting, restart strips, the DCT-domain transcoder) must give exactly
    // what libjpeg and TurboJPEG alone give.
    var alone = threaded
    alone.libjpegOnly = true
    let expected = outcome(bytes, alone)
    switch (result, expected) {
    case (.success, .failure(let refusal)) where threaded.mode == .lossless
        && refusal.text.contains("Could not determine subsampling type"):
        // TurboJPEG's own limit: sampling factors it has no name for, which
        // our transcoder crops (FuzzCorpusTests.losslessCropsTakeTheSameFilesEitherWay).
        break
    case (.failure, .failure) where threaded.mode == .lossless:
        // Both refuse; TurboJPEG may refuse in other words, before libjpeg reads a table.
        break
    default:
        // Every other outcome the same, damaged files included: both ways
        // read the whole file and refuse one libjpeg warned about.
        precondition(result == expected, "our own JPEG code differs from libjpeg alone: \(brief(result)) vs \(brief(expected))")
    }
    return 0
}

/// Small files too have their coded data decoded by two threads (with a second thread).
private let planner = CropPlanner(sharedDecodingMinimumBytes: 0)

/// The cropped file, or the error's text.
private func outcome(_ bytes: [UInt8], _ options: CropOptions) -> Result<[UInt8], CropFailure> {
    do {
        return .success(try SquareCropper.crop(bytes, options: options, planner: planner).bytes)
    } catch {
        return .failure(CropFailure(text: "\(error)"))
    }
}

/// An outcome in a line: the file's length and first bytes, or the error.
private func brief(_ outcome: Result<[UInt8], CropFailure>) -> String {
    switch outcome {
    case .success(let bytes): "\(bytes.count) bytes, ending \(bytes.suffix(8))"
    case .failure(let failure): failure.text
    }
}

private struct CropFailure: Error, Equatable {
    let text: String
}
