import SquareCamCore

/// A square made by `SquareCropper`.
public struct CropResult: Sendable {
    /// The encoded output file.
    public var bytes: [UInt8]
    /// The output's format: `.jpeg` or `.png`.
    public var format: CropOptions.Format
    /// The output's size (square).
    public var outputSize: PixelSize
    /// The input's size, upright.
    public var inputSize: PixelSize
    /// The square taken, in the upright input's pixels.
    public var square: PixelRect
    /// Lossless mode: how far the block-aligned square's centre lies from the
    /// image centre (right and down positive); nil in other modes.
    public var losslessOffset: (x: Double, y: Double)?
    /// The damage the input had, when it was cropped anyway (`CropOptions.acceptsDamage`).
    public var damage: JPEGDamage? = nil
    /// A JPEG's crop plan and what ran of it (nil for PNG and HEIF, decoded whole).
    public var path: CropPath? = nil

    /// The extension for the output file: "jpg" or "png".
    public var fileExtension: String { format == .png ? "png" : "jpg" }
}
