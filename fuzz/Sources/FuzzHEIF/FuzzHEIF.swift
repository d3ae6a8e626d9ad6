import SquareCamImaging

/// libFuzzer entry: HEIF detection and decoding through libheif, with the
/// product's pixel limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard HEIFDecoder.isHEIF(bytes) else { return 0 }
    _ = try? HEIFDecoder.decode(bytes)
    return 0
}
