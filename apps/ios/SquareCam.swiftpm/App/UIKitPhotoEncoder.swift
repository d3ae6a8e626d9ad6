import Foundation
import SquareCamAppleLogic
import SquareCamCore
import UIKit

/// The photo's square as UIKit writes it: a JPEG, or for the round avatar a
/// PNG with clear corners. The pixels (crop, scale, mirror, mask) are
/// SquareImage's, tested on Linux. The JPEG carries no EXIF of ours: the
/// photo library records the date (PhotoLibraryStore). Any failure is
/// `PhotoLibraryProblem.notEncoded`, which the review page says in words.
struct UIKitPhotoEncoder: PhotoEncoder {

    func photo(of frame: Frame, options: SquarePhotoOptions, camera: CameraDescription, date: Date) throws -> [UInt8] {
        guard let square = try? SquareImage(frame: frame, options: options) else { throw PhotoLibraryProblem.notEncoded }
        guard let image = PhotoImages.cgImage(rgba: square.rgba, width: square.side, height: square.side,
                                              bytesPerRow: square.side * 4, alpha: .noneSkipLast),
              let data = UIImage(cgImage: image).jpegData(compressionQuality: CGFloat(options.quality) / 100) else {
            throw PhotoLibraryProblem.notEncoded
        }
        return [UInt8](data)
    }

    func roundAvatar(of frame: Frame, options: SquarePhotoOptions) throws -> [UInt8] {
        guard let square = try? SquareImage(frame: frame, options: options).roundAvatar() else { throw PhotoLibraryProblem.notEncoded }
        guard let image = PhotoImages.cgImage(rgba: square.rgba, width: square.side, height: square.side,
                                              bytesPerRow: square.side * 4, alpha: .premultipliedLast),
              let data = UIImage(cgImage: image).pngData() else {
            throw PhotoLibraryProblem.notEncoded
        }
        return [UInt8](data)
    }
}
