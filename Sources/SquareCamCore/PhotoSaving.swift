#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to make of a captured frame: the square, its size, mirroring, quality.
public struct SquarePhotoOptions: Sendable, Hashable {
    /// The square to keep, in frame pixels; nil means the centred square.
    public var region: PixelRect?
    /// The side of the saved photo; nil keeps the full-resolution square.
    public var side: Int?
    /// Mirror left to right (the way a front camera's viewfinder shows it).
    public var mirrored: Bool
    /// JPEG quality, 1–100 (or what the platform's encoder makes of it).
    public var quality: Int

    public init(region: PixelRect? = nil, side: Int? = nil, mirrored: Bool = false, quality: Int = ImageDefaults.jpegQuality) {
        self.region = region
        self.side = side
        self.mirrored = mirrored
        self.quality = quality
    }
}

/// Turns a captured frame into the file that is saved. The controller owns
/// this contract so it links no codec: on Linux libjpeg-turbo, libexif and
/// libpng do it (SquareCamImaging's `SquarePhotoEncoder`); another platform
/// brings its own.
public protocol PhotoEncoder: Sendable {
    /// The photo: the square of `frame` as a JPEG with fresh metadata (taken `date`, by `camera`).
    func photo(of frame: Frame, options: SquarePhotoOptions, camera: CameraDescription, date: Date) throws -> [UInt8]
    /// The round avatar: the square as a PNG whose corners outside the circle are transparent.
    func roundAvatar(of frame: Frame, options: SquarePhotoOptions) throws -> [UInt8]
}

/// Where saved photos go: a folder on Linux (SquareCamImaging's
/// `PhotoLibrary`), the photo library elsewhere. Failures are `PhotoWriteError`s.
public protocol PhotoStore: Sendable {
    /// Where the photos are, for the user (and Save As…'s starting folder).
    var folder: String { get }
    /// Saves a new photo under the first free name of `name(1)`, `name(2)`, …; its path.
    func save(_ bytes: [UInt8], name: (Int) -> String) throws -> String
    /// Writes a photo to `path` chosen by the user (Save As…), replacing what is there.
    func write(_ bytes: [UInt8], toPath path: String) throws
    /// The newest photo saved there, for the last-photo thumbnail; nil when none.
    func newestPhoto() -> String?
}
