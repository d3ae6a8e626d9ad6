import Foundation
import SquareCamController

extension PhotoServices {
    /// The phone's: photos encoded by UIKit into the photo library. The app
    /// records no video, so the videos folder is never written.
    static var photoLibrary: PhotoServices {
        PhotoServices(encoder: UIKitPhotoEncoder(), store: { _ in PhotoLibraryStore() },
                      videosFolder: { NSTemporaryDirectory() })
    }
}
