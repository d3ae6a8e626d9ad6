import SquareCamCore

/// What the iOS app's page says and offers when the camera cannot show:
/// permission not yet asked, refused, restricted, no camera, a failure.
/// Phone words (Settings, this iPhone), not a desktop's; the keys are
/// looked up in the app's Localizable.strings.
public struct StatusPageContent: Hashable, Sendable {
    public var title: String
    public var detail: String
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
        case .explainingPermission, .permissionPostponed:
            self.init(title: "Use the camera",
                      detail: "SquareCam shows the camera here and saves square photos to your library. iOS asks you next; you can change the answer later in Settings.",
                      actions: state == .explainingPermission ? [.continueToPermission, .notNow] : [.continueToPermission])
        case .permissionDenied:
            self.init(title: "No access to the camera",
                      detail: "SquareCam may not use the camera. Allow it in Settings › SquareCam › Camera, then choose Try Again.",
                      actions: [.openSettings, .tryAgain])
        case .permissionRestricted:
            self.init(title: "The camera is restricted",
                      detail: "A policy on this device (Screen Time or its manager) does not allow the camera. Ask whoever manages it, then choose Try Again.",
                      actions: [.openSettings, .tryAgain])
        case .noCamera:
            self.init(title: "No camera found",
                      detail: "This device has no camera SquareCam can use. Connect one, then choose Try Again.",
                      actions: [.tryAgain])
        case .failed:
            self.init(title: "The camera stopped",
                      detail: "The camera could not start or stopped working; another app may be using it. Choose Try Again.",
                      actions: [.tryAgain])
        case .disconnected:
            self.init(title: "The camera was disconnected",
                      detail: "Plug it in again; SquareCam goes on when it is back.",
                      actions: [.tryAgain])
        case .idle, .checkingPermission, .askingPermission, .starting, .live, .capturing, .reviewing, .editing, .saving,
             .recording, .finishingRecording, .reviewingClip, .savingClip:
            return nil
        }
    }

    public init(title: String, detail: String, actions: [Action]) {
        self.title = title
        self.detail = detail
        self.actions = actions
    }

    /// Whether the page has the button.
    public func offers(_ action: Action) -> Bool { actions.contains(action) }
}
