import SquareCamCore

/// A whole photo file decoded right side up, in every format `crop` reads:
/// what an image-file camera shows.
public enum UprightPhoto {
    /// Decodes the JPEG, PNG or HEIF/HEIC file at `path` to upright RGB (gray
    /// stays gray). A JPEG is turned by its EXIF Orientation; HEIF by its
    /// container, once, by libheif. A damaged file throws (`.damaged` for a
    /// JPEG libjpeg would decode with grey where the data is missing: a
    /// picture that is partly grey is not the file's picture).
    public static func read(path: String, maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> Frame {
        let bytes = try PhotoFileReader.read(path, limit: maxFileBytes).bytes
        return try decode(bytes, maxPixels: maxPixels)
    }

    /// `read(path:)` for bytes already in memory.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> Frame {
        if bytes.starts(with: [0xFF, 0xD8]) {
            let decoded = try JPEGDecoder.decode(bytes, maxPixels: maxPixels)
            let exif = JPEGMarkers(bytes).exifPayload.flatMap { try? ExifMetadata(app1Payload: $0) }
            // 0 and out-of-range values read as 1, as viewers (and crop) do.
            return decoded.frame.applying(Orientation(exifValue: exif?.orientationValue ?? 1))
        }
        if bytes.starts(with: PNGCodec.signature) {
            return try PNGCodec.decode(bytes, maxPixels: maxPixels)
        }
        if HEIFDecoder.isHEIF(bytes) {
            return try HEIFDecoder.decode(bytes, maxPixels: maxPixels).frame
        }
        throw .unsupportedFormat(detail: bytes.isEmpty ? emptyFile : unknownSignature)
    }

    /// The details of `.unsupportedFormat` for bytes that are no image at all.
    public static let unknownSignature = "unknown file signature"
    public static let emptyFile = "the file is empty"

    /// The largest file read: as for crop, far above any real photo.
    static let maxFileBytes = 1 << 30
}
