extension CaptureFlow {
    /// What the caller must do after an event, in order.
    public enum Action: Hashable, Sendable {
        /// Ask the platform whether the camera may be used, then send `permissionChecked`.
        case checkPermission
        /// Ask the platform (the portal's or the system's dialog), then send `permissionAnswered`.
        case requestPermission
        /// Open the desktop's camera privacy settings (or show how to allow the camera where there are none).
        case openPrivacySettings
        /// Start the selected camera, then send `cameraStarted` or `cameraFailed`.
        case startCamera
        /// Start the test pattern camera, then send `cameraStarted` or `cameraFailed`.
        case startTestPattern
        /// Stop the camera and release the device.
        case stopCamera
        /// The camera the user asked for is not among those that came: open the first one instead.
        case forgetPreferredCamera
        /// Ask the provider for its cameras, then send `camerasChanged`.
        case listCameras
        /// Take the latest full-resolution frame, then send `photoCaptured` or `captureFailed`.
        case capture
        /// Send `countdownTick` every second until `stopCountdown`.
        case startCountdown
        /// Stop sending `countdownTick`.
        case stopCountdown
        /// Show the live viewfinder (resume it after a review).
        case showLive
        /// Pause the viewfinder and show the photo's square for review.
        case showReview(CapturedPhoto)
        /// Open the crop editor on the photo's whole frame, the box at its crop.
        case openEditor(CapturedPhoto)
        /// Write the photo's crop to the photos folder, then send `photoSaved` or `saveFailed`.
        case save(CapturedPhoto)
        /// Write the photo's crop to `path`, then send `photoSaved` or `saveFailed`.
        case saveAs(CapturedPhoto, path: String)
        /// Tell the user the photo was saved at `path` ("Photo saved", with Open).
        case showSaved(path: String)
        /// Tell the user what went wrong; the flow has already moved on.
        case showError(String)
        /// The flow no longer needs the photo's frame (saved, retaken or shut down): the caller may free it.
        case forget(CapturedPhoto)
        /// Ask the user whether to save the unsaved photo before closing: Save
        /// (send `saveAndClose`), Discard (`discardAndClose`) or Cancel (nothing).
        case askToSave(CapturedPhoto)
        /// Start recording into a hidden file in the videos folder, then send
        /// `recordingStarted` or `recordingFailed`.
        case startRecording
        /// End the recording and finish its file, then send `clipRecorded`
        /// (or `recordingFailed` when nothing was recorded).
        case stopRecording
        /// End the recording and delete its file (Discard on the way out).
        case discardRecording
        /// Play the clip for review.
        case showClip(CapturedClip)
        /// Give the clip its name in the videos folder, then send `clipSaved` or `saveFailed`.
        case saveClip(CapturedClip)
        /// Tell the user the recording was saved at `path`.
        case showClipSaved(path: String)
        /// Delete the clip's hidden file (Retake, Discard).
        case discardClip(CapturedClip)
        /// Let go of the clip without deleting it (the window is destroyed
        /// without asking): its hidden file is recovered at the next start.
        case keepClipForRecovery(CapturedClip)
        /// Ask whether to save the recording (running or under review) before
        /// closing: Save (`saveAndClose`), Discard (`discardAndClose`) or Cancel.
        case askToSaveRecording
        /// Nothing is left to lose: close the app (the camera is stopped, or being stopped).
        case close
    }
}
