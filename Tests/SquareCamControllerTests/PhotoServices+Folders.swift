import SquareCamController
import SquareCamCore
import SquareCamImaging

extension PhotoServices {
    /// The Linux encoder and stores, with photos (unless the preferences
    /// name a folder) and recordings in the test's own folders.
    static func folders(photos: String, videos: String = "/nonexistent/videos") -> PhotoServices {
        PhotoServices(encoder: SquarePhotoEncoder(), store: { PhotoLibrary(folder: $0 ?? photos) }, videosFolder: { videos })
    }
}
