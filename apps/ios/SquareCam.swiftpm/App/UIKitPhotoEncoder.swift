import Foundation
import SquareCamAppleLogic
import SquareCamCore
import UIKit

/// The photo's square as UIKit writes it: a JPEG, or for the round avatar a
/// PNG with clear corners. The pixels (crop, scale, mirror, mask) are
/// SquareImage's, tested on Linux. The JPEG carries no EXIF of ours: the
/// photo library records the date (PhotoLibraryStore).
struct UIKitPhotoEncoder: PhotoEncoder {
    enum Failure: Error, CustomStringConvertible {
        case notEncoded
        var description: String { "The photo could not be encoded. Try Save again; the photo stays here." }
    }

    func photo(of frame: Frame, options: SquarePhotoOptions, camera: CameraDescription, date: Date) throws -> [UInt8] {
        let square = try SquareImage(frame: frame, options: options)
        guard let image = PhotoImages.cgImage(rgba: square.rgba, width: square.side, height: square.side,
                                              bytesPerRow: square.side * 4, alpha: .noneSkipLast),
              let data = UIImage(cgImage: image).jpegData(compressionQuality: CGFloat(options.quality) / 100) else {
            throw Failure.notEncoded
        }
        return [UInt8](data)
    }

    func roundAvatar(of frame: Frame, options: SquarePhotoOptions) throws -> [UInt8] {
        let square = try SquareImage(frame: frame, options: options).roundAvatar()
        guard let image = PhotoImages.cgImage(rgba: square.rgba, width: square.side, height: square.side,
                                              bytesPerRow: square.side * 4, alpha: .premultipliedLast),
              let data = UIImage(cgImage: image).pngData() else {
            throw Failure.notEncoded
        }
        return [UInt8](data)
    }
}
