/// The capture flow of the app as a state machine: events in, actions out.
///
/// A value type with no side effects: `handle(_:)` moves to the next state and
/// returns what the caller must do (start the camera, save a photo, …). The
/// caller carries the actions out and reports their outcome as new events.
/// An event that makes no sense in the current state is rejected with a
/// `Rejection` naming both, and the state does not change.
///
/// A camera failure while a photo is under review, in the editor or being
/// saved never takes the photo away: it is remembered and applied once the
/// photo is saved or retaken. Neither does closing the app: with a photo
/// not yet saved, `.close` asks first, and `.saveAndClose` closes only once
/// the photo is written.
public struct CaptureFlow: Hashable, Sendable {
    /// The current state.
    public private(set) var state: State {
        didSet { if !waitsForCameraReturn { looksWhileAway = 0 } }
    }
    /// Looks at the list (`retryDue`) since the camera went away (`retrySeconds`).
    var looksWhileAway = 0
    /// Save right after the shutter, without review (as phone cameras do); off by default.
    public var saveWithoutReview: Bool
    /// Seconds the shutter counts down before it fires (the preferences' timer); 0: at once.
    public var countdownSeconds = 0
    /// Seconds left on the running countdown; nil when none runs.
    public private(set) var countdown: Int?
    /// What happened to the camera while a photo held the screen.
    private var cameraAfterPhoto: CameraAfterPhoto = .live
    /// The photo being written was asked to close the app once it is safe (Save and close, the session ending).
    public private(set) var closesWhenSaved = false
    /// What the shutter takes: photos, or recordings.
    public private(set) var mode: CaptureMode = .photo
    /// What happens to a recording once its file is finished.
    private var afterRecording: AfterRecording = .review

    private enum AfterRecording: Hashable, Sendable {
        /// Review it (or save it at once, without review).
        case review
        /// Save it, then close the app (Save on the way out, the session ending).
        case saveAndClose
        /// Delete it and close the app (Discard on the way out).
        case discardAndClose
    }

    private enum CameraAfterPhoto: Hashable, Sendable {
        case live
        case failed(CameraFailure)
        case restart
    }

    /// A flow in `.idle`; send `.launch` to begin.
    public init(saveWithoutReview: Bool = false) {
        state = .idle
        self.saveWithoutReview = saveWithoutReview
    }

    /// The photo under review, in the editor or being saved.
    public var photo: CapturedPhoto? { state.photo }

    /// True while a photo taken is not yet in a file (under review, in the
    /// editor, being written): closing now would lose it.
    public var hasUnsavedPhoto: Bool { state.photo != nil }

    /// True while a photo or a recording is not yet the user's file: a
    /// photo not yet written, a recording running, being finished, under
    /// review or being saved. Closing now asks first.
    public var hasUnsavedWork: Bool { hasUnsavedPhoto || state.clip != nil || state.isRecording }

    /// The camera failure waiting for the photo on screen to be saved or retaken, if any.
    public var pendingCameraFailure: CameraFailure? {
        if case .failed(let failure) = cameraAfterPhoto { failure } else { nil }
    }

    /// True when the camera came back while a photo held the screen: it starts again once the photo is saved or retaken.
    public var cameraNeedsRestart: Bool { cameraAfterPhoto == .restart }

    /// Moves to the next state for `event` and returns what the caller must do, in order.
    public mutating func handle(_ event: Event) throws(Rejection) -> [Action] {
        switch (state, event) {
        case (.idle, .launch):
            return move(to: .checkingPermission, [.checkPermission])

        case (.checkingPermission, .permissionChecked(let authorization)):
            switch authorization.nextStep {
            case .openCamera: return move(to: .starting, [.startCamera])
            // The app's own page says why first; the platform's dialog asks only after the user agrees.
            case .askThenOpenIfGranted: return move(to: .explainingPermission, [])
            case .explainAndOfferSettings:
                return move(to: authorization == .restricted ? .permissionRestricted : .permissionDenied, [])
            }

        case (.explainingPermission, .continueToPermission), (.permissionPostponed, .continueToPermission):
            return move(to: .askingPermission, [.requestPermission])
        // Not Now is no refusal: the platform was not asked and stores nothing, so the
        // page says so and offers Continue, never the denied page's advice.
        case (.explainingPermission, .declinePermission):
            return move(to: .permissionPostponed, [])
        case (.askingPermission, .permissionAnswered(let answer)):
            switch answer {
            case .authorized: return move(to: .starting, [.startCamera])
            case .restricted: return move(to: .permissionRestricted, [])
            case .denied: return move(to: .permissionDenied, [])
            // Nobody answered (the portal failed or the question was dismissed unanswered): explain and offer it again.
            case .notDetermined: return move(to: .explainingPermission, [])
            }

        case (.permissionDenied, .openSettings), (.permissionRestricted, .openSettings):
            return [.openPrivacySettings]
        case (.permissionDenied, .tryAgain), (.permissionRestricted, .tryAgain):
            return move(to: .checkingPermission, [.checkPermission])

        // Try Again with no camera begins again at permission: a camera the
        // platform did not see before may need the question asked.
        case (.noCamera, .tryAgain):
            return move(to: .checkingPermission, [.checkPermission])
        case (.checkingPermission, .cameraFailed(let failure)):
            return move(to: State(failure: failure), [])
        case (.noCamera, .cameraAvailable), (.noCamera, .switchCamera),
             (.failed, .tryAgain), (.failed, .cameraAvailable), (.failed, .switchCamera),
             (.disconnected, .tryAgain), (.disconnected, .cameraAvailable), (.disconnected, .switchCamera):
            return move(to: .starting, [.startCamera])
        case (.noCamera, .useTestPattern), (.failed, .useTestPattern), (.disconnected, .useTestPattern):
            return move(to: .starting, [.startTestPattern])

        // A camera that stopped sending pictures turns out to be unplugged.
        case (.failed, .cameraFailed(.disconnected(let camera))):
            return move(to: .disconnected(camera: camera), [])

        case (.starting, .cameraStarted):
            return move(to: .live, [.showLive])
        case (.starting, .cameraFailed(let failure)), (.live, .cameraFailed(let failure)),
             (.capturing, .cameraFailed(let failure)):
            return move(to: State(failure: failure), [.stopCamera])

        // With a timer set the shutter counts down first; pressed again, it stops the countdown.
        case (.live, .shutter) where countdown != nil:
            countdown = nil
            return [.stopCountdown]
        case (.live, .shutter) where countdownSeconds > 0:
            countdown = countdownSeconds
            return [.startCountdown]
        case (.live, .shutter):
            return fireShutter()
        case (.live, .countdownTick):
            guard let left = countdown else { return [] }
            guard left > 1 else {
                countdown = nil
                return [.stopCountdown] + fireShutter()
            }
            countdown = left - 1
            return []
        // A tick that crossed the countdown's end (leaving the viewfinder ends it).
        case (_, .countdownTick):
            return []
        case (_, .camerasChanged(let listing)):
            return try camerasChanged(listing)
        case (_, .retryDue):
            return try retryDue()
        case (_, .chooseMode(let chosen)):
            guard !state.isRecording, state != .capturing else { throw reject(event, "the shutter is busy") }
            mode = chosen
            return []
        case (.live, .switchCamera), (.starting, .switchCamera):
            return move(to: .starting, [.stopCamera, .startCamera])

        case (.capturing, .photoCaptured(let photo)):
            guard photo.hasValidCrop else { throw reject(event, "the photo's crop \(photo.crop) is not a square inside its \(photo.frameSize) frame") }
            return saveWithoutReview ? move(to: .saving(photo), [.save(photo)]) : move(to: .reviewing(photo), [.showReview(photo)])
        case (.capturing, .captureFailed(let message)):
            return move(to: .live, [.showError(message)])

        case (.reviewing(let photo), .retake):
            return leaveTake([.forget(photo)])
        case (.reviewing(let photo), .save):
            return move(to: .saving(photo), [.save(photo)])
        case (.reviewing(let photo), .saveAs(let path)):
            return move(to: .saving(photo), [.saveAs(photo, path: path)])
        case (.reviewing(let photo), .edit):
            return move(to: .editing(photo), [.openEditor(photo)])

        case (.editing(var photo), .editDone(let crop, let shape)):
            photo.crop = crop
            photo.shape = shape
            guard photo.hasValidCrop else { throw reject(event, "the crop \(crop) is not a square inside the \(photo.frameSize) frame") }
            return move(to: .saving(photo), [.save(photo)])
        case (.editing(let photo), .cancel):
            return move(to: .reviewing(photo), [.showReview(photo)])

        case (.saving(let photo), .photoSaved(let path)) where closesWhenSaved:
            // Saved on the way out: the camera that still streams stops, and the app closes.
            closesWhenSaved = false
            let stop: [Action] = cameraAfterPhoto == .live ? [.stopCamera] : []
            cameraAfterPhoto = .live
            return move(to: .idle, [.showSaved(path: path), .forget(photo)] + stop + [.close])
        case (.saving(let photo), .photoSaved(let path)):
            return leaveTake([.showSaved(path: path), .forget(photo)])
        case (.saving(let photo), .saveFailed(let message)):
            // The photo stays: back to review, where Save and Save As… are offered again.
            // A close that waited for it is called off: the window stays, and says why.
            closesWhenSaved = false
            return move(to: .reviewing(photo), [.showError(message), .showReview(photo)])

        case (.recording, .recordingStarted):
            return []
        case (.recording, .recordingFailed(let message)):
            return move(to: .live, [.showError(message)])
        case (.recording, .shutter), (.recording, .recordingInterrupted):
            return move(to: .finishingRecording, [.stopRecording])
        case (.finishingRecording, .clipRecorded(let clip)):
            let after = afterRecording
            afterRecording = .review
            switch after {
            case .discardAndClose:
                return closeNow(discarding: [.discardClip(clip)])
            case .saveAndClose:
                closesWhenSaved = true
                return move(to: .savingClip(clip), [.saveClip(clip)])
            case .review:
                return saveWithoutReview ? move(to: .savingClip(clip), [.saveClip(clip)]) : move(to: .reviewingClip(clip), [.showClip(clip)])
            }
        case (.finishingRecording, .recordingFailed(let message)):
            // Nothing was recorded: nothing is left to save, whatever was asked.
            let after = afterRecording
            afterRecording = .review
            return after == .review ? leaveTake([.showError(message)]) : closeNow()

        case (.reviewingClip(let clip), .retake):
            return leaveTake([.discardClip(clip)])
        case (.reviewingClip(let clip), .save):
            return move(to: .savingClip(clip), [.saveClip(clip)])
        case (.savingClip, .clipSaved(let path)) where closesWhenSaved:
            closesWhenSaved = false
            let stop: [Action] = cameraAfterPhoto == .live ? [.stopCamera] : []
            cameraAfterPhoto = .live
            return move(to: .idle, [.showClipSaved(path: path)] + stop + [.close])
        case (.savingClip, .clipSaved(let path)):
            return leaveTake([.showClipSaved(path: path)])
        case (.savingClip(let clip), .saveFailed(let message)):
            closesWhenSaved = false
            return move(to: .reviewingClip(clip), [.showError(message), .showClip(clip)])

        // The camera failing mid-recording ends the recording and keeps it:
        // its file is finished from what was written, then reviewed.
        case (.recording, .cameraFailed(let failure)):
            cameraAfterPhoto = .failed(failure)
            return move(to: .finishingRecording, [.stopRecording, .stopCamera])

        case (.reviewing, .cameraFailed(let failure)), (.editing, .cameraFailed(let failure)),
             (.saving, .cameraFailed(let failure)), (.finishingRecording, .cameraFailed(let failure)),
             (.reviewingClip, .cameraFailed(let failure)), (.savingClip, .cameraFailed(let failure)):
            cameraAfterPhoto = .failed(failure)
            return [.stopCamera]
        case (.reviewing, .cameraAvailable), (.editing, .cameraAvailable), (.saving, .cameraAvailable),
             (.finishingRecording, .cameraAvailable), (.reviewingClip, .cameraAvailable), (.savingClip, .cameraAvailable):
            guard pendingCameraFailure != nil else { throw reject(event, "the camera has not failed") }
            cameraAfterPhoto = .restart
            return []

        // Closing the app: nothing to lose closes at once; a photo on screen
        // is asked about; a photo being written is waited for.
        case (.reviewing(let photo), .close), (.editing(let photo), .close):
            return [.askToSave(photo)]
        case (.reviewing(let photo), .saveAndClose), (.editing(let photo), .saveAndClose):
            closesWhenSaved = true
            return move(to: .saving(photo), [.save(photo)])
        case (.saving, .close), (.saving, .saveAndClose):
            closesWhenSaved = true
            return []
        case (.recording, .close), (.finishingRecording, .close), (.reviewingClip, .close):
            return [.askToSaveRecording]
        case (.recording, .saveAndClose):
            afterRecording = .saveAndClose
            return move(to: .finishingRecording, [.stopRecording])
        case (.finishingRecording, .saveAndClose):
            afterRecording = .saveAndClose
            return []
        case (.finishingRecording, .discardAndClose):
            afterRecording = .discardAndClose
            return []
        case (.reviewingClip(let clip), .saveAndClose):
            closesWhenSaved = true
            return move(to: .savingClip(clip), [.saveClip(clip)])
        case (.savingClip, .close), (.savingClip, .saveAndClose):
            closesWhenSaved = true
            return []
        case (.savingClip, .discardAndClose):
            throw reject(event, "a recording is being saved; it is no longer the user's to discard")
        case (.saving, .discardAndClose):
            throw reject(event, "a photo is being written; it is no longer the user's to discard")
        case (_, .close), (_, .saveAndClose), (_, .discardAndClose):
            return closeNow()

        case (.saving, .shutDown), (.savingClip, .shutDown):
            throw reject(event, "a photo or recording is being written; wait for it to be saved or fail so it is not lost")
        case (.idle, .shutDown):
            throw reject(event, "the flow is not running")
        case (_, .shutDown):
            // A recording running or under review stays in its hidden file,
            // which the next start recovers: only a user's Discard deletes it.
            var actions: [Action] = state.cameraMayBeRunning ? [.stopCamera] : []
            if let photo = state.photo { actions.append(.forget(photo)) }
            if let clip = state.clip { actions.append(.keepClipForRecovery(clip)) }
            cameraAfterPhoto = .live
            afterRecording = .review
            return move(to: .idle, actions)

        default:
            throw reject(event, "it makes no sense in this state")
        }
    }

    /// Stops everything and closes, letting go of the photo or recording on
    /// screen (if any: Discard), and of `discarding`.
    private mutating func closeNow(discarding: [Action] = []) -> [Action] {
        var actions: [Action] = state == .recording ? [.discardRecording] : []
        actions += state.cameraMayBeRunning && cameraAfterPhoto == .live ? [.stopCamera] : []
        if let photo = state.photo { actions.append(.forget(photo)) }
        if let clip = state.clip { actions.append(.discardClip(clip)) }
        actions += discarding
        cameraAfterPhoto = .live
        return move(to: .idle, actions + [.close])
    }

    private mutating func move(to next: State, _ actions: [Action]) -> [Action] {
        state = next
        // Leaving the viewfinder stops its countdown: nothing is shot after.
        guard next != .live, countdown != nil else { return actions }
        countdown = nil
        return [.stopCountdown] + actions
    }

    /// The shutter in the viewfinder: a photo, or in video mode a recording.
    private mutating func fireShutter() -> [Action] {
        mode == .video ? move(to: .recording, [.startRecording]) : move(to: .capturing, [.capture])
    }

    /// Leaves a photo's or a recording's review or saving for the camera,
    /// honouring what happened to it meanwhile.
    private mutating func leaveTake(_ actions: [Action]) -> [Action] {
        let after = cameraAfterPhoto
        cameraAfterPhoto = .live
        switch after {
        case .live: return move(to: .live, actions + [.showLive])
        case .failed(let failure): return move(to: State(failure: failure), actions)
        case .restart: return move(to: .starting, actions + [.startCamera])
        }
    }

    private func reject(_ event: Event, _ reason: String) -> Rejection {
        Rejection(state: state, event: event, reason: reason)
    }
}
