extension PhoneMessage {
    /// After Save: the photo is in the photo library.
    public static let savedToPhotos = PhoneMessage.localized("Saved to Photos")

    /// The shutter could not take the frame, because of `reason`; the camera stays live.
    public static func photoNotTaken(_ reason: PhoneMessage) -> PhoneMessage {
        .localized("The photo could not be taken: %@", [reason])
    }

    /// Open Settings found no page to open (iOS gave no address).
    public static let noSettingsPage = PhoneMessage.localized("Open the Settings app, then SquareCam, to change what SquareCam may use.")

    /// The countdown's length on its button.
    public static func seconds(_ seconds: Int) -> PhoneMessage {
        .localized("%@ s", [.verbatim(String(seconds))])
    }

    /// Words the shared controller kept only as text (`CaptureProblem.other`):
    /// a `PhotoLibraryProblem` the store threw is recognised by its English
    /// description and translated; anything else is shown as it is.
    public init(problemText text: String) {
        self = PhotoLibraryProblem(description: text)?.message ?? .verbatim(text)
    }
}
