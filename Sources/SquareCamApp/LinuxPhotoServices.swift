import SquareCamController
import SquareCamCore
import SquareCamImaging

extension PhotoServices {
    /// The desktop's: photos encoded by libjpeg-turbo, libexif and libpng
    /// into the Pictures folder's Camera folder (or the one chosen in the
    /// preferences), recordings into the Videos folder's.
    static var linux: PhotoServices {
        PhotoServices(encoder: SquarePhotoEncoder(),
                      store: { folder in folder.map { PhotoLibrary(folder: $0) } ?? PhotoLibrary.standard() },
                      videosFolder: { PhotoLibrary.standardVideoFolder() })
    }
}

extension Preferences {
    /// The preferences in `$XDG_CONFIG_HOME/squarecam/settings`.
    static func standard() -> Preferences {
        Preferences(file: XDGBaseDirectories.configHome(environment: ProcessEnvironment.current) + "/squarecam/settings")
    }
}
