import SquareCamCore

/// What `SquareCropper` should make of a photo.
public struct CropOptions: Sendable, Hashable {
    /// Which square to take.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Exactly the centred square of the upright image.
        case center
        /// The square holding the faces (FaceFraming); without a face, the one
        /// with the most content by `SmartCropScorer`'s score.
        case smart
        /// As `smart` with faces; a picture without a face fails (`ImagingError.noFace`).
        case face
        /// JPEG only: cut in the DCT domain, no re-encode; the square starts on the iMCU grid.
        case lossless
    }

    /// What metadata goes into the output.
    public enum Metadata: String, Sendable, Hashable {
        /// EXIF (Orientation 1, new dimensions, no thumbnail) and the ICC profile.
        case keep
        /// As `keep`, without the GPS block.
        case stripLocation
        /// Nothing but the pixels.
        case strip
    }

    /// The file format written.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case jpeg
        case png
        /// PNG stays PNG; everything else becomes JPEG.
        case same
    }

    public var mode: Mode = .center
    /// The output side in pixels; nil keeps the full-resolution square. Never enlarges.
    public var size: Int? = nil
    public var quality: Int = ImageDefaults.jpegQuality
    /// Nil follows the input (4:2:0 where the input's cannot be written).
    public var subsampling: JPEGSubsampling? = nil
    public var metadata: Metadata = .keep
    /// Headers claiming more pixels than this are rejected before any allocation.
    public var maxPixels: Int = ImageDefaults.maxPixels
    public var format: Format = .jpeg
    /// Resample on a second thread while the first decodes: faster for one
    /// photo on a multi-core machine, pointless when every core already crops a file.
    public var usesSecondThread = false
    /// libjpeg-turbo and TurboJPEG alone, none of SquareCam's own faster JPEG
    /// code (see CropPlanner; `squarecam crop --libjpeg-only`): the same
    /// output, more slowly. For bug reports: whether a problem lies in that code.
    public var libjpegOnly = false
    /// Crop a damaged JPEG (cut short, corrupt data) instead of failing:
    /// libjpeg fills what it cannot read with grey (`crop --accept-damaged`).
    public var acceptsDamage = false
    /// A round avatar: the square's corners outside its inscribed circle made
    /// transparent, with an antialiased edge. PNG only (`crop --circle`).
    public var circle = false

    public init(
        mode: Mode = .center, size: Int? = nil, quality: Int = ImageDefaults.jpegQuality, subsampling: JPEGSubsampling? = nil,
        metadata: Metadata = .keep, maxPixels: Int = ImageDefaults.maxPixels, format: Format = .jpeg
    ) {
        self.mode = mode
        self.size = size
        self.quality = quality
        self.subsampling = subsampling
        self.metadata = metadata
        self.maxPixels = maxPixels
        self.format = format
    }
}
