import SquareCamCore

extension PhoneMessage {
    /// A failed write in a phone's words: the shared `PhotoWriteError.description`
    /// names folders and paths to choose, which a phone's photo library has not.
    /// The photo stays on the review page, so each says Save again.
    public init(_ error: PhotoWriteError) {
        switch error {
        case .diskFull:
            self = .localized("This device is full. Free some space, then choose Save again; the photo stays here.")
        case .io(_, let reason):
            self = .localized("The photo could not be saved: %@. Try Save again; the photo stays here.", [Self.clause(reason)])
        case .folderMissing, .notAFolder, .readOnly, .permissionDenied, .alreadyExists:
            self = .localized("The photo could not be saved. Try Save again; the photo stays here.")
        }
    }
}
