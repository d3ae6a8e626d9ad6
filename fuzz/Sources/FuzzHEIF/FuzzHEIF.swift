import SquareCamImaging

/// libFuzzer entry: HEIF detection and decoding through libheif, with the
/// product's pixel limit. Decoding is tried whatever `isHEIF` says: libheif
/// is not instrumented, so the fuzzer gets no feedback from inside it and
/// would otherwise mostly mutate inputs into ones that stop at the sniff.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = HEIFDecoder.isHEIF(bytes)
    _ = try? HEIFDecoder.decode(bytes)
    return 0
}
