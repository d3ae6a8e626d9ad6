import SquareCamCore
import SquareCamImaging

/// libFuzzer entry: the JPEG header reader and the (region) decoder, with
/// the limits the product uses. The first byte picks a scale and a region so
/// the partial-decode paths are reached too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let header = try? JPEGDecoder.header(of: bytes) else { return 0 }
    let selector = bytes.count > 2 ? Int(bytes[bytes.count - 1]) : 0
    let scale = [8, 4, 2, 1, 16][selector % 5]
    let region: PixelRect? = selector & 0x80 == 0 ? nil : PixelRect(
        x: header.size.width / 3, y: header.size.height / 5,
        width: max(1, header.size.width / 2), height: max(1, header.size.height / 2))
    _ = try? JPEGDecoder.decode(bytes, region: region, scaleEighths: scale)
    return 0
}
