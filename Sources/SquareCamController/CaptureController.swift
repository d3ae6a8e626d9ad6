import Foundation
import SquareCamCore

/// Everything the capture screen decides, without a widget in sight: the
/// capture flow, the camera's life (permission, start, stop, failures,
/// retries, cameras coming and going), the countdown, the shots and saving.
///
/// A front end draws `state`, `camera`, `cameras`, `countdown` and
/// `saveProblem` whenever `onChange` fires, shows each `CaptureNotice` once,
/// and forwards the user's input (`send`, `shutterPressed`, `chooseCamera`, …).
/// Cameras come from a `CameraProvider`, so tests drive every path in-process
/// with fakes, and an AVFoundation front end can reuse it as it is.
@MainActor
public final class CaptureController {
    /// Where cameras come from.
    public struct Sources: Sendable {
        /// The cameras the user asked for (`--camera`, or the system's).
        public var cameras: any CameraProvider
        /// What "Use Test Pattern" switches to.
        public var testPattern: any CameraProvider
        /// The camera to open among `cameras`' list; nil: its first.
        public var preferredCameraID: String?
        /// The microphone recordings take their sound from (`--microphone`); nil: the sound server's default.
        public var microphoneID: String?
        /// Makes every recording an earlier run left unfinished in a folder a
        /// visible, playable file; returns their paths. Run once at `start`,
        /// off the main actor, on the videos folder.
        public var recoverRecordings: (@Sendable (_ folder: String) -> [String])?
        /// Makes the pictures a front end shows of a photo (see `DisplayScaler`); nil: none can be shown.
        public var displayScaler: DisplayScaler?
        /// Reads the codes in a frame (see `CodeReading`); nil: none are looked for.
        public var readCodes: CodeReading?
        /// Finds the faces in a frame (see `FaceFinding`); nil: faces cannot be followed.
        public var findFaces: FaceFinding?

        public init(cameras: any CameraProvider, testPattern: any CameraProvider, preferredCameraID: String? = nil,
                    microphoneID: String? = nil, recoverRecordings: (@Sendable (_ folder: String) -> [String])? = nil,
                    displayScaler: DisplayScaler? = nil) {
            self.cameras = cameras
            self.testPattern = testPattern
            self.preferredCameraID = preferredCameraID
            self.microphoneID = microphoneID
            self.recoverRecordings = recoverRecordings
            self.displayScaler = displayScaler
        }
    }

    /// `region` of a frame scaled to `size` as RGBA, for a front end to draw
    /// a photo under review or in the editor; nil when `region` is not inside
    /// the frame. The app's is GStreamer's converter (SquareCamCapture), given
    /// at start, so the front end reaches the camera layer only through here.
    public typealias DisplayScaler = @Sendable (_ frame: Frame, _ region: PixelRect, _ size: PixelSize) -> Frame?

    /// The scaler the sources brought, for drawing photos (callable off the main actor).
    public let displayScaler: DisplayScaler?

    /// The texts of the QR codes in a frame (the analysis branch's small gray
    /// copy of the whole frame), first the one to show; empty when none. The
    /// app's is zbar's (SquareCamCodes), given at start.
    public typealias CodeReading = @Sendable (_ frame: Frame) -> [String]
    let readCodes: CodeReading?
    /// The text of the QR code in view while live, for the front end's bar; nil when none.
    public internal(set) var codeInView: String?
    /// Looks in a row that found no code since one was in view.
    var codeMisses = 0
    /// Frames are read only while this is on (the live page shows).
    let codeLooking = SharedFlag()
    /// Which looks a still scene spares, on the analysis thread.
    let codeLooks = LockedValue(UnchangedSceneSkipping())

    /// The faces in a frame (the analysis branch's small gray copy), as
    /// boxes in its pixels, looked for only inside `region` when one is
    /// given; empty when none. The app's is dlib's (SquareCamImaging), given at start.
    public typealias FaceFinding = @Sendable (_ frame: Frame, _ region: PixelRect?) -> [Rect2D]
    let findFaces: FaceFinding?
    /// Faces are looked for only while this is on (following, live page).
    let faceLooking = SharedFlag()
    /// The square the viewfinder shows and the shutter keeps: zoom, pan,
    /// face following (CaptureController+Framing). Every camera opened shows it.
    public let framing = LiveFraming()

    /// The capture flow; its state picks the page.
    public internal(set) var flow: CaptureFlow
    /// The camera opened now (starting or live), for the viewfinder to attach to.
    public internal(set) var camera: (any Camera)?
    /// The cameras there are to choose from, in the provider's order.
    public internal(set) var cameras: [CameraDescription] = []
    /// The id of the camera opened last (the one to wait for when it is unplugged).
    public internal(set) var currentCameraID: String?
    /// Seconds left on the countdown, nil when none runs.
    public var countdown: Int? { flow.countdown }
    /// The newest photo in the photos folder (across launches), then each one saved: the last-photo thumbnail.
    public internal(set) var lastPhoto: String?
    /// Why the photo on the review page was not saved; nil once it is saved or retaken.
    public internal(set) var saveProblem: CaptureProblem?
    /// When the running recording began; nil when none runs (the front end shows the time since).
    public internal(set) var recordingStarted: Date?
    /// Why the last shutter press took no photo, until the flow has said so.
    var captureProblem: CaptureProblem?
    public let preferences: Preferences

    /// Called after every change of what the front end draws.
    public var onChange: (@MainActor () -> Void)?
    /// Called once per notice (flash, saved, failed).
    public var onNotice: (@MainActor (CaptureNotice) -> Void)?
    /// Called for every event the flow accepted, with the state it led to and the actions: the debug log.
    public var onTransition: (@MainActor (CaptureFlow.Event, CaptureFlow.State, [CaptureFlow.Action]) -> Void)?
    /// Called for every event the flow refused (a late or duplicate report): harmless, logged for debugging.
    public var onRejection: (@MainActor (CaptureFlow.Rejection) -> Void)?
    /// Called once the app may close (after `.close` with nothing to lose,
    /// Discard, or once the photo `.saveAndClose` wrote is safe), after the
    /// last `onChange`: the camera is stopped and the timers are off.
    public var onClose: (@MainActor () -> Void)?
    /// True once `onClose` was called: nothing is left to lose, the app may close.
    public private(set) var hasClosed = false

    var provider: any CameraProvider
    let testPattern: any CameraProvider
    /// The camera to open next: `--camera`'s, or the one the user switched to.
    public internal(set) var preferredCameraID: String?
    let photos: PhotoServices
    private let recoverRecordings: (@Sendable (String) -> [String])?
    let microphoneID: String?
    /// The recording running now, until it is stopped or discarded.
    var activeRecording: (any CameraRecording)?
    /// Finished recordings the flow holds (under review or being saved), by clip id.
    var recordings: [Int: any CameraRecording] = [:]
    /// The user was told this run that a recording has no sound.
    var toldRecordingIsSilent = false
    let ticker: any Ticker
    let openPrivacySettings: @MainActor () -> Bool
    var shots: [Int: Shot] = [:]
    var nextShotID = 1
    var countdownTask: Task<Void, Never>?
    var retryTask: Task<Void, Never>?
    /// A listing for the flow still running (a slow portal helper takes up to 10 s): the next look waits for it.
    var listing: Task<Void, Never>?
    var watch: (any CameraWatch)?
    /// Bumped whenever a camera start is begun or abandoned: a start that finds it changed gives up quietly.
    var startGeneration = 0
    /// Bumped by every scan for the newest photo and every save: an older scan's answer is dropped.
    private var lastPhotoChanges = 0
    /// False until the first permission check: only that one skips the question when no camera is seen.
    private var permissionCheckedBefore = false
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    /// The flow said close during the event being handled: `onClose` comes last.
    private var closing = false

    /// - Parameters:
    ///   - photos: how photos are encoded and where they and recordings go.
    ///   - openPrivacySettings: opens the desktop's camera privacy settings; false when it has none.
    public init(
        sources: Sources, preferences: Preferences, photos: PhotoServices,
        ticker: any Ticker = SystemTicker(),
        openPrivacySettings: @escaping @MainActor () -> Bool
    ) {
        provider = sources.cameras
        testPattern = sources.testPattern
        preferredCameraID = sources.preferredCameraID
        self.preferences = preferences
        self.photos = photos
        microphoneID = sources.microphoneID
        recoverRecordings = sources.recoverRecordings
        displayScaler = sources.displayScaler
        readCodes = sources.readCodes
        findFaces = sources.findFaces
        self.ticker = ticker
        self.openPrivacySettings = openPrivacySettings
        flow = CaptureFlow(saveWithoutReview: preferences.saveWithoutReview)
        flow.countdownSeconds = preferences.countdownSeconds
        let following = preferences.followFaces && findFaces != nil
        framing.change { $0.followsFaces = following }
    }

    /// Where the flow is.
    public var state: CaptureFlow.State { flow.state }

    /// True while a photo taken is not yet in a file: closing now would lose it
    /// (`send(.close)` asks first).
    public var hasUnsavedPhoto: Bool { flow.hasUnsavedPhoto }

    /// True while a photo or a recording is not yet the user's file (`send(.close)` asks first).
    public var hasUnsavedWork: Bool { flow.hasUnsavedWork }

    /// What kind of provider the cameras come from now ("portal", "direct", "test", …).
    public var providerKind: String { provider.kind }
    /// The command that makes the platform forget a refusal of the camera, where one exists (see `CameraProvider`).
    public var forgetRefusalCommand: String? { provider.forgetRefusalCommand }

    /// The full-resolution frame and details of a photo the flow holds.
    public func shot(for photo: CapturedPhoto) -> Shot? { shots[photo.id] }

    /// Begins: checks permission, then opens the camera.
    public func start() {
        send(.launch)
        reloadLastPhoto()
        recoverInterruptedRecordings()
    }

    /// What an earlier run (killed, or its window destroyed mid-recording)
    /// left hidden in the videos folder becomes visible, and the user is told.
    private func recoverInterruptedRecordings() {
        guard let recover = recoverRecordings else { return }
        let folder = photos.videosFolder()
        track {
            let recovered = await Task.detached { recover(folder) }.value
            if !recovered.isEmpty { self.onNotice?(.recordingsRecovered(paths: recovered)) }
        }
    }

    /// Looks again for the newest photo (the save folder changed).
    public func reloadLastPhoto() {
        let library = photoLibrary
        lastPhotoChanges += 1
        let change = lastPhotoChanges
        track {
            let newest = await Task.detached { library.newestPhoto() }.value
            // A photo saved during the scan is newer than anything it found.
            guard change == self.lastPhotoChanges else { return }
            self.lastPhoto = newest
            self.onChange?()
        }
    }

    /// Sends an event to the flow and carries out its actions.
    public func send(_ event: CaptureFlow.Event) {
        let actions: [CaptureFlow.Action]
        do {
            actions = try flow.handle(event)
        } catch {
            onRejection?(error)
            return
        }
        onTransition?(event, flow.state, actions)
        for action in actions { perform(action) }
        scheduleRetry()
        updateCodeLooking()
        updateFramingForState()
        onChange?()
        if closing {
            closing = false
            hasClosed = true
            onClose?()
        }
    }

    /// Stops the camera and every timer at once, for a front end that cannot
    /// ask (the user's close goes through `send(.close)`). False while a photo
    /// is being written: call again once `state` leaves `.saving`.
    @discardableResult
    public func shutDown() -> Bool {
        if case .saving = flow.state { return false }
        stopTimers()
        if flow.state != .idle { send(.shutDown) }
        return true
    }

    private func stopTimers() {
        stopCountdown()
        retryTask?.cancel()
        retryTask = nil
        watch?.cancel()
        watch = nil
    }

    /// Returns once every permission check, camera start and stop, capture
    /// and save begun so far has finished (not the countdown or retries,
    /// which wait on the ticker).
    public func settle() async {
        while let task = inFlight.first?.value {
            await task.value
        }
    }

    // MARK: Settings the flow reads

    /// Turns Save Without Review on or off (remembered).
    public func setSaveWithoutReview(_ on: Bool) {
        preferences.saveWithoutReview = on
        flow.saveWithoutReview = on
        onChange?()
    }

    /// The timer button and T: off → 3 s → 10 s → off (remembered).
    public func cycleCountdown() {
        preferences.countdownSeconds = [0: 3, 3: 10, 10: 0][preferences.countdownSeconds] ?? 0
        flow.countdownSeconds = preferences.countdownSeconds
        onChange?()
    }

    // MARK: Actions

    private func perform(_ action: CaptureFlow.Action) {
        switch action {
        case .checkPermission:
            let provider = self.provider
            let firstCheck = !permissionCheckedBefore
            permissionCheckedBefore = true
            track {
                let status = await provider.authorizationStatus()
                // Nobody is asked for a camera the platform does not see: no
                // camera, said at once. Try Again asks anyway (a portal's view
                // of the cameras may be out of date).
                if status == .notDetermined, firstCheck, await provider.hasCameras() == false {
                    self.send(.cameraFailed(.noCamera))
                } else {
                    self.send(.permissionChecked(status))
                }
            }
        case .requestPermission:
            let provider = self.provider
            track { self.send(.permissionAnswered(await provider.requestAccess())) }
        case .openPrivacySettings:
            if !openPrivacySettings() { onNotice?(.noPrivacySettings) }
        case .startCamera:
            startCamera()
        case .startTestPattern:
            switchProvider(to: testPattern)
            startCamera()
        case .stopCamera:
            stopCamera()
        case .forgetPreferredCamera:
            preferredCameraID = nil
        case .listCameras:
            listCameras()
        case .capture:
            capture()
        case .startCountdown:
            startCountdown()
        case .stopCountdown:
            stopCountdown()
        case .save(let photo):
            save(photo, to: nil)
        case .saveAs(let photo, let path):
            save(photo, to: path)
        case .showSaved(let path):
            lastPhotoChanges += 1
            lastPhoto = path
            onNotice?(.saved(path: path))
        case .showError:
            // The flow says it for two events: a failed save (already told
            // through saveProblem, next to Save As…) and a failed shutter.
            if let problem = captureProblem {
                captureProblem = nil
                onNotice?(.captureFailed(problem))
            }
        case .forget(let photo):
            shots[photo.id] = nil
            saveProblem = nil
        case .askToSave:
            onNotice?(.unsavedPhoto)
        case .startRecording:
            startRecording()
        case .stopRecording:
            stopRecording()
        case .discardRecording:
            discardRecording()
        case .saveClip(let clip):
            saveClip(clip)
        case .showClipSaved(let path):
            onNotice?(.clipSaved(path: path))
        case .discardClip(let clip):
            discardClip(clip)
        case .keepClipForRecovery(let clip):
            recordings[clip.id] = nil
        case .askToSaveRecording:
            onNotice?(.unsavedRecording)
        case .close:
            stopTimers()
            closing = true
        case .showLive, .showReview, .openEditor, .showClip:
            break  // Drawn from `state`.
        }
    }

    /// Where photos go now: the preferences' folder, else the default one.
    var photoLibrary: any PhotoStore { photos.store(preferences.saveFolder) }

    /// The folder Save writes into now (it may not exist before the first save).
    public var photosFolder: String { photoLibrary.folder }

    /// The camera's largest square when a photo `side` asks for more (photos
    /// are never enlarged, so that is what Save gives); nil when it fits or
    /// the camera's sizes are not known.
    public func photoSideLimit(for side: Int?) -> Int? {
        let open = camera?.cameraDescription ?? cameras.first { $0.id == currentCameraID }
        guard let side, let largest = open?.largestSquareSide, largest < side else { return nil }
        return largest
    }

    /// Runs `body` on the main actor and keeps it until it ends, for `settle()`.
    @discardableResult
    func track(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextTaskID
        nextTaskID += 1
        let task = Task { @MainActor in
            await body()
            self.inFlight[id] = nil
        }
        inFlight[id] = task
        return task
    }
}
