/// A photo the capture flow holds between the shutter and the save.
///
/// The flow keeps only this small value; the caller keeps the full-resolution
/// `Frame` under `id`, so the state machine stays cheap to copy and compare.
public struct CapturedPhoto: Hashable, Sendable, CustomStringConvertible {
    /// The caller's key for the frame (unique per capture).
    public var id: Int
    /// The size of the full-resolution frame.
    public var frameSize: PixelSize
    /// The square of the frame to save, in frame pixels: the centred square unless the user framed another.
    public var crop: PixelRect
    /// How the square is saved.
    public var shape: Shape = .square

    /// A photo's square as a JPEG, or as a round avatar: a PNG whose corners
    /// outside the circle are transparent (the editor's "Save as Round Avatar").
    public enum Shape: Hashable, Sendable {
        case square
        case round

        /// The extension of the file it is saved as.
        public var fileExtension: String { self == .round ? "png" : "jpg" }
    }

    /// A photo of a frame; the crop defaults to the frame's centred square, exactly what the viewfinder showed.
    public init(id: Int, frameSize: PixelSize, crop: PixelRect? = nil) {
        self.id = id
        self.frameSize = frameSize
        self.crop = crop ?? frameSize.centeredSquare
    }

    /// True when the crop is a non-empty square inside the frame.
    public var hasValidCrop: Bool {
        !crop.isEmpty && crop.isSquare && frameSize.contains(crop)
    }

    public var description: String { "photo \(id) (\(crop) of \(frameSize)\(shape == .round ? ", round" : ""))" }
}
