#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCore

/// The Linux photo encoder the controller is given: `SquarePhoto`'s JPEG
/// (libjpeg-turbo, libexif) and round avatar (libpng).
public struct SquarePhotoEncoder: PhotoEncoder {
    public init() {}

    public func photo(of frame: Frame, options: SquarePhotoOptions, camera: CameraDescription, date: Date) throws -> [UInt8] {
        try SquarePhoto.encode(frame, options: options, camera: camera, date: date).jpeg
    }

    public func roundAvatar(of frame: Frame, options: SquarePhotoOptions) throws -> [UInt8] {
        try SquarePhoto.encodeRoundAvatar(frame, options: options)
    }
}

extension PhotoLibrary: PhotoStore {
    public func write(_ bytes: [UInt8], toPath path: String) throws {
        try AtomicFileWriter.write(bytes, toPath: path, replaceExisting: true)
    }
}
