import SquareCamCore
import SquareCamImaging

/// libFuzzer entry: reading an EXIF block (APP1 payload) through libexif,
/// and rewriting it for a cropped photo (the path `squarecam crop` takes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Inputs are whole TIFF blocks; the signature is added so that the
    // fuzzer does not spend its time rediscovering it.
    let payload = Array("Exif".utf8) + [0, 0] + Array(UnsafeBufferPointer(start: data, count: size))
    guard let exif = try? ExifMetadata(app1Payload: payload) else { return 0 }
    _ = try? exif.summary()
    _ = exif.orientationValue
    let side = 1 + Int(size % 4096)
    if let cropped = try? ExifMetadata.cropped(from: exif, pixelSize: PixelSize(width: side, height: side),
                                               stripLocation: size % 2 == 0) {
        _ = try? cropped.summary()
    }
    return 0
}
