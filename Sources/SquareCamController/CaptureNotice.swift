import SquareCamCore

/// Something the front end tells the user once (a flash, a toast), as
/// opposed to the state it draws continuously.
public enum CaptureNotice: Hashable, Sendable {
    /// The shutter fired: flash, sound.
    case shutter
    /// The photo was written at `path`.
    case saved(path: String)
    /// The photo was not written; it is still on the review page.
    case saveFailed(CaptureProblem)
    /// The shutter could not take the frame; the camera stays live.
    case captureFailed(CaptureProblem)
    /// The user asked for the privacy settings and this desktop has none to open.
    case noPrivacySettings
    /// The user asked to close while a photo is not saved: ask Save / Discard /
    /// Cancel, and send `.saveAndClose`, `.discardAndClose` or nothing.
    case unsavedPhoto
    /// The recording could not begin or be finished (nothing was recorded, or the file is kept hidden).
    case recordingFailed(CaptureProblem)
    /// The recording was saved at `path`.
    case clipSaved(path: String)
    /// The user asked to close while a recording runs or is not saved: ask
    /// Save / Discard / Cancel, and send `.saveAndClose`, `.discardAndClose` or nothing.
    case unsavedRecording
    /// Recordings an earlier run left unfinished were made playable, visible files at `paths`.
    case recordingsRecovered(paths: [String])
    /// Sound was wanted but the recording has none: said once per run.
    case recordingWithoutSound(SilentReason)

    public enum SilentReason: Hashable, Sendable {
        /// No sound server (PipeWire or PulseAudio) runs.
        case noMicrophone
        /// The microphone gave nothing in the first seconds.
        case silentMicrophone
    }
}
