import SquareCamCore

/// What the iOS app's page says and offers when the camera cannot show:
/// permission not yet asked, refused, restricted, no camera, a failure.
/// Phone words (Settings, this device), not a desktop's; the shell
/// translates them with the app's Localizable.strings.
public struct StatusPageContent: Hashable, Sendable {
    public var title: PhoneMessage
    public var detail: PhoneMessage
    public var actions: [Action]

    /// A button on the page, each sending one event to the controller.
    public enum Action: Hashable, Sendable, CaseIterable {
        /// `.continueToPermission`: on to the system's question.
        case continueToPermission
        /// `.declinePermission`: nothing asked, nothing stored.
        case notNow
        /// `.openSettings`: the app's page in Settings (`UIApplication.openSettingsURLString`).
        case openSettings
        /// `.tryAgain`.
        case tryAgain
    }

    /// The page for `state`, or nil where the app shows the camera, a photo or a spinner.
    public init?(state: CaptureFlow.State) {
        switch state {
        case .explainingPermission:
            self.init(title: .localized("SquareCam would like to use the camera"),
                      detail: .localized("SquareCam shows the camera here and saves square photos to your library. iOS asks you next; you can change the answer later in Settings."),
                      actions: [.continueToPermission, .notNow])
        case .permissionPostponed:
            self.init(title: .localized("SquareCam will ask when you are ready"),
                      detail: .localized("The camera stays off. Nothing was asked and nothing was stored; choose Continue when you want to use the camera, and iOS asks you then."),
                      actions: [.continueToPermission])
        case .permissionDenied:
            self.init(title: .localized("SquareCam has no permission to use the camera"),
                      detail: .localized("Allow it in Settings › SquareCam › Camera, then choose Try Again."),
                      actions: [.openSettings, .tryAgain])
        case .permissionRestricted:
            self.init(title: .localized("SquareCam may not use the camera"),
                      detail: .localized("A policy on this device (Screen Time or its manager) does not allow the camera. Ask whoever manages it, then choose Try Again."),
                      actions: [.openSettings, .tryAgain])
        case .noCamera:
            self.init(title: .localized("No camera found"),
                      detail: .localized("This device has no camera SquareCam can use. Connect one, then choose Try Again."),
                      actions: [.tryAgain])
        case .failed(let failure):
            // The failure's own words say what went wrong.
            let busy = if case .busy = failure { true } else { false }
            self.init(title: busy ? .localized("The camera is busy") : .localized("The camera does not work"),
                      detail: PhoneMessage(failure),
                      actions: [.tryAgain])
        case .disconnected(let camera):
            self.init(title: .localized("Camera disconnected"),
                      detail: .localized("“%@” was unplugged. Plug it in again; the viewfinder comes back by itself.", [.verbatim(camera)]),
                      actions: [.tryAgain])
        case .idle, .checkingPermission, .askingPermission, .starting, .live, .capturing, .reviewing, .editing, .saving,
             .recording, .finishingRecording, .reviewingClip, .savingClip:
            return nil
        }
    }

    public init(title: PhoneMessage, detail: PhoneMessage, actions: [Action]) {
        self.title = title
        self.detail = detail
        self.actions = actions
    }

    /// Whether the page has the button.
    public func offers(_ action: Action) -> Bool { actions.contains(action) }
}
