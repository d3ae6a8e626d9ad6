import SquareCamImaging

/// libFuzzer entry: the PNG size reader and decoder (libpng), with and
/// without alpha, with the product's pixel limit; a 16-bit file also through
/// the full-API reader, and what it reads through the writer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard (try? PNGCodec.size(of: bytes)) != nil else { return 0 }
    _ = try? PNGCodec.decode(bytes, keepAlpha: size % 2 == 0)
    if PNGCodec.isSixteenBit(bytes), let image = try? PNGCodec.decode16(bytes) {
        _ = try? PNGCodec.encode16(image.frame, colorChunks: image.colorChunks, transparentKey: image.transparentKey)
    }
    return 0
}
