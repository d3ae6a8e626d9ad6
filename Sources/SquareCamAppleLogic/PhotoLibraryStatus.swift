/// The photo library's add-only authorization by its raw value, and what it
/// means for Save, in words.
///
/// Mirrors `PHAuthorizationStatus`:
/// https://developer.apple.com/documentation/photokit/phauthorizationstatus
public enum PhotoLibraryStatus: Int, CaseIterable, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    /// Limited library access (iOS 14); adding photos is allowed.
    case limited = 4

    /// A value a later iOS may add reads as denied: nothing is written
    /// blindly, and the words send the user to Settings.
    public init(appleRawValue: Int) {
        self = PhotoLibraryStatus(rawValue: appleRawValue) ?? .denied
    }

    /// True when a photo may be added to the library now.
    public var mayAddPhotos: Bool { self == .authorized || self == .limited }

    /// Why Save cannot add the photo, or nil when it can.
    public var refusal: PhotoLibraryProblem? {
        switch self {
        case .authorized, .limited: nil
        case .notDetermined: .notAsked
        case .denied: .denied
        case .restricted: .restricted
        }
    }
}

/// Why a photo did not reach the photo library; the photo stays on the
/// review page, and each case says what to do next.
public enum PhotoLibraryProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The question was never answered (the system did not show it).
    case notAsked
    /// The user refused SquareCam adding photos.
    case denied
    /// A policy (Screen Time, a device manager) forbids it.
    case restricted
    /// The library refused the photo; the detail is the system's words.
    case failed(detail: String)
    /// Save As… names a file; an iPhone's photos live in the library instead.
    case noFilesOnThisDevice

    public var description: String {
        switch self {
        case .notAsked:
            "SquareCam has not been allowed to add photos yet. Choose Save again to be asked; the photo stays here."
        case .denied:
            "SquareCam may not add photos to your library. Allow it in Settings › SquareCam › Photos, then choose Save again; the photo stays here."
        case .restricted:
            "A system policy does not allow SquareCam to add photos to your library. Ask whoever manages this device; the photo stays here."
        case .failed(let detail):
            "The photo could not be added to your library: \(detail). Try Save again; the photo stays here."
        case .noFilesOnThisDevice:
            "Photos are saved to your photo library on this device; choose Save."
        }
    }
}
