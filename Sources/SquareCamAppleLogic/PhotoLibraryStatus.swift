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
/// review page, and each case says what to do next. The shared controller
/// keeps it only as its English `description` (`CaptureProblem.other`):
/// `init?(description:)` finds the case again, so the shell can translate it.
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
    /// UIKit made no JPEG (or PNG) of the square.
    case notEncoded

    /// The cases without a detail.
    static let fixed: [PhotoLibraryProblem] = [.notAsked, .denied, .restricted, .noFilesOnThisDevice, .notEncoded]

    /// What the review page says, in any of the app's languages.
    public var message: PhoneMessage {
        switch self {
        case .notAsked:
            .localized("SquareCam has not been allowed to add photos yet. Choose Save again to be asked; the photo stays here.")
        case .denied:
            .localized("SquareCam may not add photos to your library. Allow it in Settings › SquareCam › Photos, then choose Save again; the photo stays here.")
        case .restricted:
            .localized("A system policy does not allow SquareCam to add photos to your library. Ask whoever manages this device; the photo stays here.")
        case .failed(let detail):
            .localized("The photo could not be added to your library: %@. Try Save again; the photo stays here.", [PhoneMessage.clause(detail)])
        case .noFilesOnThisDevice:
            .localized("Photos are saved to your photo library on this device; choose Save.")
        case .notEncoded:
            .localized("The photo could not be encoded. Try Save again; the photo stays here.")
        }
    }

    public var description: String { message.english }

    /// The problem whose `description` is `text`, or nil if no problem says it.
    public init?(description text: String) {
        if let problem = Self.fixed.first(where: { $0.description == text }) {
            self = problem
            return
        }
        // The detail is what stands where the failed sentence has its `%@`.
        guard case .localized(let key, _) = PhotoLibraryProblem.failed(detail: "").message,
              let slot = key.firstRange(of: "%@") else { return nil }
        let before = key[..<slot.lowerBound], after = key[slot.upperBound...]
        guard text.count >= before.count + after.count, text.hasPrefix(before), text.hasSuffix(after) else { return nil }
        self = .failed(detail: String(text.dropFirst(before.count).dropLast(after.count)))
    }
}
