/// Where this desktop keeps the answer to "may SquareCam use the camera?",
/// and so how the user changes it: one judgement, from what the app knows
/// (camera privacy settings installed, the camera portal in use), for both
/// the page that asks first and the page that explains a refusal, so the
/// two never disagree.
enum CameraAnswerPlace: Equatable {
    /// A settings page to open (GNOME, KDE): Settings › Privacy › Camera.
    case privacySettings
    /// The portal's permission store, with no settings page to change it: a command forgets it.
    case portalStore(forgetCommand: String)
    /// No portal and no settings: the camera is the account's (the video group).
    case accountGroups

    /// `forgetCommand`: the camera provider's (`CaptureController.forgetRefusalCommand`), where it has one.
    @MainActor
    static func current(forgetCommand: String?) -> CameraAnswerPlace {
        if Launcher.hasPrivacySettings { return .privacySettings }
        if let forgetCommand { return .portalStore(forgetCommand: forgetCommand) }
        return .accountGroups
    }

    /// The explanation page's words, before the desktop asks.
    var beforeAsking: String {
        switch self {
        case .privacySettings:
            localized("The camera shows its picture here, and photos stay on this computer. Your desktop asks you next; you can change the answer later in Settings › Privacy › Camera.")
        case .portalStore:
            localized("The camera shows its picture here, and photos stay on this computer. Your desktop asks you next and remembers the answer; it has no settings page to change it later. If you refuse, SquareCam shows the command that makes it forget.")
        case .accountGroups:
            localized("The camera shows its picture here, and photos stay on this computer. Your desktop asks you next. It has no camera privacy settings; if the camera is refused, SquareCam says how to allow it.")
        }
    }

    /// The denied page's words.
    var afterRefusal: String {
        switch self {
        case .privacySettings:
            localized("Allow it in Settings › Privacy › Camera, then choose Try Again.")
        case .portalStore:
            localized("Your desktop remembers that SquareCam may not use the camera, and has no settings page to change that. To forget the answer, run this command in a terminal, then choose Try Again; the desktop will ask again.")
        case .accountGroups:
            localized("This desktop has no camera privacy settings. Make sure your account may use video devices (for example: sudo usermod -aG video $USER), log out and in again, then choose Try Again.")
        }
    }

    /// The command the denied page shows, to select or copy.
    var command: String? {
        if case .portalStore(let command) = self { command } else { nil }
    }
}
