import SquareCamCore

extension PhoneMessage {
    /// A camera failure in a phone's words: the shared `CameraFailure.description`
    /// speaks of a desktop (Settings › Privacy › Camera, the 'video' group, the
    /// portal); these speak of Settings and apps. Said on the status page and
    /// after a shot that failed, so they name no button.
    public init(_ failure: CameraFailure) {
        switch failure {
        case .noCamera:
            self = .localized("No camera found. Connect a camera, then try again.")
        case .permissionDenied:
            self = .localized("Allow SquareCam to use the camera in Settings.")
        case .permissionRestricted:
            self = .localized("A policy on this device (Screen Time or its manager) does not allow the camera. Ask whoever manages it.")
        case .busy(let camera):
            self = .localized("Another app is using “%@”. Close that app, then try again.", [.verbatim(camera)])
        case .disconnected(let camera):
            self = .localized("“%@” was unplugged. Plug it in again and try again.", [.verbatim(camera)])
        case .failed(let camera, let detail):
            self = .localized("“%@” stopped working: %@. Try again.", [.verbatim(camera), Self.clause(detail)])
        case .unknownCamera(let id):
            self = .localized("No camera has the id '%@'.", [.verbatim(id)])
        case .portalUnavailable, .pipeWireUnreachable:
            // A Linux desktop's; a phone never meets them.
            self = .localized("The camera could not be reached. Try again.")
        }
    }

    /// A detail put inside a sentence: the shell's own (`CameraFailureDetail`)
    /// translated, anyone else's as it is; without its closing full stop,
    /// which the sentence has.
    static func clause(_ detail: String) -> PhoneMessage {
        var text = Substring(detail)
        while let last = text.last, last == "." || last == "。" || last.isWhitespace { text = text.dropLast() }
        if let own = CameraFailureDetail(rawValue: String(text)) { return .localized(own.rawValue) }
        return .verbatim(String(text))
    }
}

/// The details the iOS shell gives `CameraFailure.failed` itself (the
/// system's errors bring their own, already translated), each a key.
public enum CameraFailureDetail: String, CaseIterable, Sendable {
    case noVideoOutput = "no video output"
    case sessionStopped = "the capture session stopped"
    case stoppedBeforeFirstFrame = "it was stopped before its first frame"
    case notRunning = "it is not running"
}
