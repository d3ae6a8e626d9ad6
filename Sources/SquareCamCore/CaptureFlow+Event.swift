extension CaptureFlow {
    /// Something that happened: a user's choice or the camera's or the platform's report.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// The window opened: begin by checking permission.
        case launch
        /// The platform answered the permission check.
        case permissionChecked(CameraAuthorization)
        /// The user chose to go on from the app's explanation (or from Not Now's page) to the platform's question.
        case continueToPermission
        /// The user chose Not Now on the app's explanation: the platform is not asked, nothing is stored.
        case declinePermission
        /// The platform's question was answered: `.authorized`, `.denied` or `.restricted`.
        case permissionAnswered(CameraAuthorization)
        /// The user chose Open Settings.
        case openSettings
        /// The user chose Try Again.
        case tryAgain
        /// The user chose Use Test Pattern.
        case useTestPattern
        /// The user picked another camera (the caller remembers which).
        case switchCamera
        /// The camera delivered its first frame.
        case cameraStarted
        /// The camera could not start, or stopped working (or, while permission
        /// is checked, the platform sees no camera to ask about).
        case cameraFailed(CameraFailure)
        /// A camera appeared or came back (the device monitor saw it).
        case cameraAvailable
        /// The provider's list of cameras changed: a camera came, went or came
        /// back. The flow decides what that means where it is (`camerasChanged`).
        case camerasChanged(CameraListing)
        /// The seconds `retrySeconds` named passed.
        case retryDue
        /// The user pressed the shutter (in video mode: record, or stop recording).
        /// With `countdownSeconds` set it starts the countdown; during one, it stops it.
        case shutter
        /// A second of the countdown passed.
        case countdownTick
        /// The user picked photo or video (the switch beside the shutter, V).
        case chooseMode(CaptureMode)
        /// The recording began writing its file.
        case recordingStarted
        /// The recording could not begin, or it ended with nothing in it.
        case recordingFailed(message: String)
        /// The recording stopped by itself (a full disk); what was written is kept.
        case recordingInterrupted(message: String)
        /// The stopped recording's file is finished (hidden until saved).
        case clipRecorded(CapturedClip)
        /// The recording got its name in the videos folder.
        case clipSaved(path: String)
        /// The frame was taken.
        case photoCaptured(CapturedPhoto)
        /// Taking the frame failed; the camera stays live.
        case captureFailed(message: String)
        /// The user chose Retake.
        case retake
        /// The user chose Edit.
        case edit
        /// The user chose Done in the crop editor; `crop` is the square to save, in frame pixels.
        case editDone(crop: PixelRect, shape: CapturedPhoto.Shape = .square)
        /// The user chose Cancel in the crop editor.
        case cancel
        /// The user chose Save.
        case save
        /// The user chose Save As… and picked a file.
        case saveAs(path: String)
        /// The photo was written.
        case photoSaved(path: String)
        /// Writing the photo failed (read-only folder, full disk…).
        case saveFailed(message: String)
        /// The window is closing: stop the camera.
        case shutDown
        /// The user asked to close the app (the window's close button, Ctrl+W,
        /// Ctrl+Q): closes at once unless a photo is unsaved (asked about) or
        /// being written (closes once it is written).
        case close
        /// Save, asked about an unsaved photo on the way out, or the session is
        /// ending (SIGTERM, logout): the photo goes into the photos folder, then
        /// the app closes. If the save fails, the photo stays on screen.
        case saveAndClose
        /// Discard, asked about an unsaved photo on the way out: closes without it.
        case discardAndClose

        public var description: String {
            switch self {
            case .launch: "launch"
            case .permissionChecked(let authorization): "permissionChecked(\(authorization))"
            case .continueToPermission: "continueToPermission"
            case .declinePermission: "declinePermission"
            case .permissionAnswered(let answer): "permissionAnswered(\(answer))"
            case .openSettings: "openSettings"
            case .tryAgain: "tryAgain"
            case .useTestPattern: "useTestPattern"
            case .switchCamera: "switchCamera"
            case .cameraStarted: "cameraStarted"
            case .cameraFailed(let failure): "cameraFailed(\(failure))"
            case .cameraAvailable: "cameraAvailable"
            case .camerasChanged(let listing): "camerasChanged(\(listing))"
            case .retryDue: "retryDue"
            case .shutter: "shutter"
            case .countdownTick: "countdownTick"
            case .chooseMode(let mode): "chooseMode(\(mode))"
            case .recordingStarted: "recordingStarted"
            case .recordingFailed(let message): "recordingFailed(\(message))"
            case .recordingInterrupted(let message): "recordingInterrupted(\(message))"
            case .clipRecorded(let clip): "clipRecorded(\(clip))"
            case .clipSaved(let path): "clipSaved(\(path))"
            case .photoCaptured(let photo): "photoCaptured(\(photo))"
            case .captureFailed(let message): "captureFailed(\(message))"
            case .retake: "retake"
            case .edit: "edit"
            case .editDone(let crop, let shape): "editDone(crop: \(crop)\(shape == .round ? ", round" : ""))"
            case .cancel: "cancel"
            case .save: "save"
            case .saveAs(let path): "saveAs(\(path))"
            case .photoSaved(let path): "photoSaved(\(path))"
            case .saveFailed(let message): "saveFailed(\(message))"
            case .shutDown: "shutDown"
            case .close: "close"
            case .saveAndClose: "saveAndClose"
            case .discardAndClose: "discardAndClose"
            }
        }
    }
}
