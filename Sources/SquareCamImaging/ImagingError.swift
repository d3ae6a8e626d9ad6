import SquareCamCore

/// Why an image could not be read, cropped or written. Each message says what
/// happened and what to do next.
public enum ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image in a format SquareCam reads.
    case unsupportedFormat(detail: String)
    /// The file claims to be an image but its data is broken.
    case corrupt(detail: String)
    /// A JPEG libjpeg decoded only past warnings: cut short or corrupt. Its
    /// square would be partly grey, so nothing is made of it unless asked.
    case damaged(JPEGDamage)
    /// A kind of file SquareCam recognises but cannot decode (a 12-bit JPEG).
    case unsupportedVariant(detail: String)
    /// The header claims more pixels than allowed (`--max-pixels`).
    case tooLarge(size: PixelSize, limit: Int)
    /// The request makes no sense for this input (a lossless crop of a PNG, a region outside the frame…).
    case invalidRequest(detail: String)
    /// The encoder (libjpeg, libpng) failed; the detail is the library's words.
    case encodeFailed(detail: String)
    /// The EXIF block could not be built or read.
    case exifFailed(detail: String)
    /// `--mode face` found no face in the picture.
    case noFace

    public var description: String {
        switch self {
        case .unsupportedFormat(let detail):
            "not a supported image (\(detail)); SquareCam reads JPEG, PNG and HEIF/HEIC"
        case .corrupt(let detail):
            "the image data is damaged (\(detail)); re-export or re-download the file"
        case .damaged(let damage):
            "\(damage); nothing was written (crop what is there with --accept-damaged, or use an undamaged copy)"
        case .unsupportedVariant(let detail):
            "\(detail), which SquareCam cannot read; convert it to an 8-bit JPEG or a PNG first"
        case .tooLarge(let size, let limit):
            "the image claims \(size) = \(size.area) pixels, more than the limit of \(limit); raise --max-pixels if the file is trusted"
        case .invalidRequest(let detail):
            detail
        case .encodeFailed(let detail):
            "could not encode the image (\(detail))"
        case .exifFailed(let detail):
            "could not build the EXIF metadata (\(detail)); try --strip to write the photo without metadata"
        case .noFace:
            "no face found; use --mode smart or center"
        }
    }
}
