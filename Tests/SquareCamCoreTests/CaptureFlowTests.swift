import Testing
import SquareCamCore

typealias Flow = CaptureFlow

/// Fixtures: a flow driven by real events into each state, and one sample of every event.
enum FlowFixtures {
    static let photo = CapturedPhoto(id: 1, frameSize: PixelSize(width: 1920, height: 1080))
    static let editedCrop = PixelRect(x: 0, y: 0, width: 1080, height: 1080)
    static var edited: CapturedPhoto { CapturedPhoto(id: 1, frameSize: photo.frameSize, crop: editedCrop) }
    static var editedRound: CapturedPhoto {
        var round = edited
        round.shape = .round
        return round
    }

    static let failures: [CameraFailure] = [
        .noCamera, .permissionDenied(camera: "cam"), .permissionRestricted(camera: "cam"),
        .busy(camera: "cam"), .disconnected(camera: "cam"), .failed(camera: "cam", detail: "internal data stream error"),
        .unknownCamera(id: "/dev/video9"), .portalUnavailable,
    ]

    static let events: [Flow.Event] = [
        .launch, .continueToPermission, .declinePermission, .permissionAnswered(.authorized), .permissionAnswered(.denied),
        .permissionAnswered(.restricted), .permissionAnswered(.notDetermined), .openSettings, .tryAgain,
        .useTestPattern, .switchCamera, .cameraStarted, .cameraAvailable, .shutter, .photoCaptured(photo),
        .captureFailed(message: "no frame"), .retake, .edit, .editDone(crop: editedCrop), .editDone(crop: editedCrop, shape: .round), .cancel, .save,
        .saveAs(path: "/tmp/x.jpg"), .photoSaved(path: "/p/SquareCam_1.jpg"), .saveFailed(message: "disk full"), .shutDown,
        .close, .saveAndClose, .discardAndClose,
    ] + CameraAuthorization.allCases.map { .permissionChecked($0) } + failures.map { .cameraFailed($0) }

    static let clip = CapturedClip(id: 9, seconds: 2, side: 720, hasSound: false)
    /// Video mode's events, walked at random beside `events`.
    static let recordingEvents: [Flow.Event] = [
        .chooseMode(.video), .chooseMode(.video), .chooseMode(.photo), .recordingStarted, .recordingFailed(message: "no room"),
        .clipRecorded(clip), .clipRecorded(clip), .clipSaved(path: "/v/SquareCam_1.webm"), .recordingInterrupted(message: "disk full"),
    ]

    /// Events that lead from `.idle` to each named state.
    static let paths: [String: [Flow.Event]] = [
        "idle": [],
        "checkingPermission": [.launch],
        "explainingPermission": [.launch, .permissionChecked(.notDetermined)],
        "permissionPostponed": [.launch, .permissionChecked(.notDetermined), .declinePermission],
        "askingPermission": [.launch, .permissionChecked(.notDetermined), .continueToPermission],
        "permissionDenied": [.launch, .permissionChecked(.denied)],
        "permissionRestricted": [.launch, .permissionChecked(.restricted)],
        "starting": [.launch, .permissionChecked(.authorized)],
        "noCamera": [.launch, .permissionChecked(.authorized), .cameraFailed(.noCamera)],
        "failed": [.launch, .permissionChecked(.authorized), .cameraFailed(.busy(camera: "cam"))],
        "live": [.launch, .permissionChecked(.authorized), .cameraStarted],
        "disconnected": [.launch, .permissionChecked(.authorized), .cameraStarted, .cameraFailed(.disconnected(camera: "cam"))],
        "capturing": [.launch, .permissionChecked(.authorized), .cameraStarted, .shutter],
        "reviewing": [.launch, .permissionChecked(.authorized), .cameraStarted, .shutter, .photoCaptured(photo)],
        "editing": [.launch, .permissionChecked(.authorized), .cameraStarted, .shutter, .photoCaptured(photo), .edit],
        "saving": [.launch, .permissionChecked(.authorized), .cameraStarted, .shutter, .photoCaptured(photo), .save],
    ]

    static func flow(_ name: String, saveWithoutReview: Bool = false) throws -> Flow {
        var flow = Flow(saveWithoutReview: saveWithoutReview)
        for event in try #require(paths[name], "no path to \(name)") { _ = try flow.handle(event) }
        return flow
    }

    struct Transition: CustomStringConvertible {
        var from: String
        var event: Flow.Event
        var to: Flow.State
        var actions: [Flow.Action]
        var description: String { "\(from) --\(event)--> \(to)" }
    }

    /// Every accepted (state, event) pair among `events`, with the state and actions it must give.
    static let transitions: [Transition] = {
        let p = photo
        var t: [Transition] = [
            .init(from: "idle", event: .launch, to: .checkingPermission, actions: [.checkPermission]),
            .init(from: "checkingPermission", event: .permissionChecked(.authorized), to: .starting, actions: [.startCamera]),
            .init(from: "checkingPermission", event: .permissionChecked(.notDetermined), to: .explainingPermission, actions: []),
            .init(from: "checkingPermission", event: .permissionChecked(.denied), to: .permissionDenied, actions: []),
            .init(from: "checkingPermission", event: .permissionChecked(.restricted), to: .permissionRestricted, actions: []),
            .init(from: "explainingPermission", event: .continueToPermission, to: .askingPermission, actions: [.requestPermission]),
            .init(from: "explainingPermission", event: .declinePermission, to: .permissionPostponed, actions: []),
            .init(from: "permissionPostponed", event: .continueToPermission, to: .askingPermission, actions: [.requestPermission]),
            .init(from: "askingPermission", event: .permissionAnswered(.authorized), to: .starting, actions: [.startCamera]),
            .init(from: "askingPermission", event: .permissionAnswered(.denied), to: .permissionDenied, actions: []),
            .init(from: "askingPermission", event: .permissionAnswered(.restricted), to: .permissionRestricted, actions: []),
            .init(from: "askingPermission", event: .permissionAnswered(.notDetermined), to: .explainingPermission, actions: []),
            .init(from: "starting", event: .cameraStarted, to: .live, actions: [.showLive]),
            .init(from: "starting", event: .switchCamera, to: .starting, actions: [.stopCamera, .startCamera]),
            .init(from: "live", event: .shutter, to: .capturing, actions: [.capture]),
            .init(from: "live", event: .switchCamera, to: .starting, actions: [.stopCamera, .startCamera]),
            .init(from: "capturing", event: .photoCaptured(p), to: .reviewing(p), actions: [.showReview(p)]),
            .init(from: "capturing", event: .captureFailed(message: "no frame"), to: .live, actions: [.showError("no frame")]),
            .init(from: "reviewing", event: .retake, to: .live, actions: [.forget(p), .showLive]),
            .init(from: "reviewing", event: .save, to: .saving(p), actions: [.save(p)]),
            .init(from: "reviewing", event: .saveAs(path: "/tmp/x.jpg"), to: .saving(p), actions: [.saveAs(p, path: "/tmp/x.jpg")]),
            .init(from: "reviewing", event: .edit, to: .editing(p), actions: [.openEditor(p)]),
            .init(from: "editing", event: .editDone(crop: editedCrop), to: .saving(edited), actions: [.save(edited)]),
            .init(from: "editing", event: .editDone(crop: editedCrop, shape: .round), to: .saving(editedRound), actions: [.save(editedRound)]),
            .init(from: "editing", event: .cancel, to: .reviewing(p), actions: [.showReview(p)]),
            .init(from: "saving", event: .photoSaved(path: "/p/SquareCam_1.jpg"), to: .live,
                  actions: [.showSaved(path: "/p/SquareCam_1.jpg"), .forget(p), .showLive]),
            .init(from: "saving", event: .saveFailed(message: "disk full"), to: .reviewing(p), actions: [.showError("disk full"), .showReview(p)]),
        ]
        for refused in ["permissionDenied", "permissionRestricted"] {
            let same: Flow.State = refused == "permissionDenied" ? .permissionDenied : .permissionRestricted
            t.append(.init(from: refused, event: .openSettings, to: same, actions: [.openPrivacySettings]))
            t.append(.init(from: refused, event: .tryAgain, to: .checkingPermission, actions: [.checkPermission]))
        }
        t.append(.init(from: "noCamera", event: .tryAgain, to: .checkingPermission, actions: [.checkPermission]))
        for stopped in ["noCamera", "failed", "disconnected"] {
            for event: Flow.Event in [.tryAgain, .cameraAvailable, .switchCamera] where !(stopped == "noCamera" && event == .tryAgain) {
                t.append(.init(from: stopped, event: event, to: .starting, actions: [.startCamera]))
            }
            t.append(.init(from: stopped, event: .useTestPattern, to: .starting, actions: [.startTestPattern]))
        }
        let failureStates: [Flow.State] = [.noCamera, .permissionDenied, .permissionRestricted, .failed(.busy(camera: "cam")),
                                          .disconnected(camera: "cam"), .failed(.failed(camera: "cam", detail: "internal data stream error")),
                                          .failed(.unknownCamera(id: "/dev/video9")), .failed(.portalUnavailable)]
        for running in ["checkingPermission", "starting", "live", "capturing"] {
            for (failure, state) in zip(failures, failureStates) {
                t.append(.init(from: running, event: .cameraFailed(failure), to: state, actions: running == "checkingPermission" ? [] : [.stopCamera]))
            }
        }
        // A failed camera found unplugged: its page says so (and waits for it).
        t.append(.init(from: "failed", event: .cameraFailed(.disconnected(camera: "cam")), to: .disconnected(camera: "cam"), actions: []))
        // A photo on screen stays there when the camera fails; the failure waits.
        for (name, state) in [("reviewing", Flow.State.reviewing(p)), ("editing", .editing(p)), ("saving", .saving(p))] {
            for failure in failures { t.append(.init(from: name, event: .cameraFailed(failure), to: state, actions: [.stopCamera])) }
        }
        for name in ["checkingPermission", "explainingPermission", "permissionPostponed", "askingPermission", "permissionDenied",
                     "permissionRestricted", "noCamera", "failed", "disconnected"] {
            t.append(.init(from: name, event: .shutDown, to: .idle, actions: []))
        }
        for name in ["starting", "live", "capturing"] { t.append(.init(from: name, event: .shutDown, to: .idle, actions: [.stopCamera])) }
        for name in ["reviewing", "editing"] { t.append(.init(from: name, event: .shutDown, to: .idle, actions: [.stopCamera, .forget(p)])) }
        // Closing: at once with nothing to lose (idle too: nothing to stop), asked about a photo on screen, waited for a photo being written.
        for name in ["idle", "checkingPermission", "explainingPermission", "permissionPostponed", "askingPermission", "permissionDenied",
                     "permissionRestricted", "noCamera", "failed", "disconnected", "starting", "live", "capturing"] {
            let stop: [Flow.Action] = ["starting", "live", "capturing"].contains(name) ? [.stopCamera] : []
            for event: Flow.Event in [.close, .saveAndClose, .discardAndClose] { t.append(.init(from: name, event: event, to: .idle, actions: stop + [.close])) }
        }
        for (name, state) in [("reviewing", Flow.State.reviewing(p)), ("editing", .editing(p))] {
            t.append(.init(from: name, event: .close, to: state, actions: [.askToSave(p)]))
            t.append(.init(from: name, event: .saveAndClose, to: .saving(p), actions: [.save(p)]))
            t.append(.init(from: name, event: .discardAndClose, to: .idle, actions: [.stopCamera, .forget(p), .close]))
        }
        for event: Flow.Event in [.close, .saveAndClose] { t.append(.init(from: "saving", event: event, to: .saving(p), actions: [])) }
        return t
    }()
}

@Suite struct CaptureFlowTests {
    @Test func startsIdle() {
        let flow = Flow()
        #expect(flow.state == .idle && !flow.saveWithoutReview && flow.photo == nil && flow.pendingCameraFailure == nil)
    }

    @Test(arguments: FlowFixtures.transitions)
    func everyTransition(_ transition: FlowFixtures.Transition) throws {
        var flow = try FlowFixtures.flow(transition.from)
        let actions = try flow.handle(transition.event)
        #expect(flow.state == transition.to)
        #expect(actions == transition.actions)
    }

    @Test func everyOtherEventIsRejectedAndChangesNothing() throws {
        var rejected = 0
        for (name, _) in FlowFixtures.paths {
            for event in FlowFixtures.events {
                let accepted = FlowFixtures.transitions.contains { $0.from == name && $0.event == event }
                var flow = try FlowFixtures.flow(name)
                let before = flow
                if accepted {
                    #expect(throws: Never.self, "\(name) must accept \(event)") { _ = try flow.handle(event) }
                } else {
                    let rejection = #expect(throws: Flow.Rejection.self, "\(name) must reject \(event)") { _ = try flow.handle(event) }
                    #expect(flow == before, "a rejected event changed the flow")
                    #expect(rejection?.state == before.state && rejection?.event == event)
                    #expect(rejection.map { "\($0)".contains("'\(event)'") && "\($0)".contains("'\(before.state)'") } == true)
                    rejected += 1
                }
            }
        }
        // 16 states × 40 events, minus the accepted pairs: the table really covers both sides.
        #expect(rejected == FlowFixtures.paths.count * FlowFixtures.events.count - FlowFixtures.transitions.count)
        #expect(rejected > 300)
    }

    @Test func oneSampleEventPerTransitionIsDistinct() {
        let keys = FlowFixtures.transitions.map { "\($0.from)|\($0.event)" }
        #expect(Set(keys).count == keys.count, "the table lists a pair twice")
    }

    /// Not Now is no refusal: nothing asked, nothing stored, none of the denied page's advice;
    /// Continue from there asks the platform exactly as the explanation's Continue does.
    @Test func notNowPostponesAndContinueThenAsksThePlatform() throws {
        var flow = try FlowFixtures.flow("explainingPermission")
        #expect(try flow.handle(.declinePermission) == [])
        #expect(flow.state == .permissionPostponed && !flow.state.cameraMayBeRunning)
        for refused: Flow.Event in [.openSettings, .tryAgain, .declinePermission, .useTestPattern] {
            #expect(throws: Flow.Rejection.self, "\(refused) belongs to other pages") { _ = try flow.handle(refused) }
        }
        var explained = try FlowFixtures.flow("explainingPermission")
        let fromExplanation = try explained.handle(.continueToPermission)
        #expect(try flow.handle(.continueToPermission) == fromExplanation && fromExplanation == [.requestPermission])
        #expect(flow == explained && flow.state == .askingPermission)
        // Answered now, it goes on as from the explanation: allowed starts the camera.
        #expect(try flow.handle(.permissionAnswered(.authorized)) == [.startCamera])
    }

    @Test func saveWithoutReviewSavesAtOnceAndKeepsThePhotoWhenSavingFails() throws {
        var flow = try FlowFixtures.flow("capturing", saveWithoutReview: true)
        let photo = FlowFixtures.photo
        #expect(try flow.handle(.photoCaptured(photo)) == [.save(photo)])
        #expect(flow.state == .saving(photo))
        #expect(try flow.handle(.saveFailed(message: "The folder is read-only")) == [.showError("The folder is read-only"), .showReview(photo)])
        #expect(flow.state == .reviewing(photo) && flow.photo == photo)
        #expect(try flow.handle(.saveAs(path: "/home/me/x.jpg")) == [.saveAs(photo, path: "/home/me/x.jpg")])
        #expect(try flow.handle(.photoSaved(path: "/home/me/x.jpg")) == [.showSaved(path: "/home/me/x.jpg"), .forget(photo), .showLive])
        #expect(flow.state == .live)
    }

    @Test func aCameraFailureWaitsForThePhoto() throws {
        let photo = FlowFixtures.photo
        var flow = try FlowFixtures.flow("reviewing")
        #expect(try flow.handle(.cameraFailed(.disconnected(camera: "Webcam"))) == [.stopCamera])
        #expect(flow.state == .reviewing(photo) && flow.pendingCameraFailure == .disconnected(camera: "Webcam"))
        #expect(try flow.handle(.edit) == [.openEditor(photo)])
        #expect(try flow.handle(.cancel) == [.showReview(photo)])
        #expect(try flow.handle(.retake) == [.forget(photo)])
        #expect(flow.state == .disconnected(camera: "Webcam") && flow.pendingCameraFailure == nil)
        #expect(try flow.handle(.cameraAvailable) == [.startCamera])
        #expect(try flow.handle(.cameraStarted) == [.showLive])
    }

    @Test func aCameraThatComesBackDuringReviewRestartsAfterIt() throws {
        let photo = FlowFixtures.photo
        var flow = try FlowFixtures.flow("saving")
        _ = try flow.handle(.cameraFailed(.disconnected(camera: "Webcam")))
        #expect(try flow.handle(.cameraAvailable) == [])
        #expect(flow.pendingCameraFailure == nil && flow.cameraNeedsRestart)
        #expect(throws: Flow.Rejection.self) { _ = try flow.handle(.cameraAvailable) }
        #expect(try flow.handle(.photoSaved(path: "/p")) == [.showSaved(path: "/p"), .forget(photo), .startCamera])
        #expect(flow.state == .starting)
    }

    @Test func aCameraFailureDuringSavingLandsAfterTheSave() throws {
        var flow = try FlowFixtures.flow("editing")
        _ = try flow.handle(.editDone(crop: FlowFixtures.editedCrop))
        _ = try flow.handle(.cameraFailed(.busy(camera: "Webcam")))
        #expect(try flow.handle(.photoSaved(path: "/p")) == [.showSaved(path: "/p"), .forget(FlowFixtures.edited)])
        #expect(flow.state == .failed(.busy(camera: "Webcam")))
    }

    @Test func invalidCropsAreRejected() throws {
        let frame = FlowFixtures.photo.frameSize
        for crop in [PixelRect(x: 0, y: 0, width: 100, height: 99), PixelRect(x: 1000, y: 0, width: 1000, height: 1000),
                     PixelRect(x: -1, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 0, height: 0),
                     PixelRect(x: 0, y: 0, width: 1081, height: 1081)] {
            var flow = try FlowFixtures.flow("editing")
            let before = flow
            #expect(throws: Flow.Rejection.self, "\(crop)") { _ = try flow.handle(.editDone(crop: crop)) }
            #expect(flow == before)
            var capturing = try FlowFixtures.flow("capturing")
            #expect(throws: Flow.Rejection.self) { _ = try capturing.handle(.photoCaptured(CapturedPhoto(id: 2, frameSize: frame, crop: crop))) }
        }
    }

    @Test func shuttingDownNeverLosesAPhotoBeingWritten() throws {
        var saving = try FlowFixtures.flow("saving")
        let rejection = #expect(throws: Flow.Rejection.self) { _ = try saving.handle(.shutDown) }
        #expect(rejection?.reason.contains("wait") == true)
        var idle = Flow()
        #expect(throws: Flow.Rejection.self) { _ = try idle.handle(.shutDown) }
    }

    @Test func onlyAPhotoNotYetInAFileIsUnsaved() throws {
        for (name, _) in FlowFixtures.paths {
            let flow = try FlowFixtures.flow(name)
            #expect(flow.hasUnsavedPhoto == ["reviewing", "editing", "saving"].contains(name), "\(name)")
        }
    }

    /// Save on the way out (or the session ending): written first, then closed, the camera stopped.
    @Test func saveAndCloseClosesOnlyOnceThePhotoIsWritten() throws {
        let photo = FlowFixtures.photo
        var flow = try FlowFixtures.flow("reviewing")
        #expect(try flow.handle(.close) == [.askToSave(photo)])
        #expect(flow.state == .reviewing(photo), "asking changes nothing")
        #expect(try flow.handle(.saveAndClose) == [.save(photo)])
        #expect(flow.state == .saving(photo) && flow.closesWhenSaved)
        #expect(try flow.handle(.saveAndClose) == [], "a second signal changes nothing")
        #expect(try flow.handle(.photoSaved(path: "/p/a.jpg")) == [.showSaved(path: "/p/a.jpg"), .forget(photo), .stopCamera, .close])
        #expect(flow.state == .idle && !flow.closesWhenSaved && !flow.hasUnsavedPhoto)
    }

    /// A save that fails on the way out keeps the photo and the window; the next close asks again.
    @Test func aFailedSaveOnTheWayOutKeepsThePhotoAndTheApp() throws {
        let photo = FlowFixtures.photo
        var flow = try FlowFixtures.flow("reviewing")
        _ = try flow.handle(.saveAndClose)
        #expect(try flow.handle(.saveFailed(message: "read-only")) == [.showError("read-only"), .showReview(photo)])
        #expect(flow.state == .reviewing(photo) && !flow.closesWhenSaved && flow.hasUnsavedPhoto)
        #expect(try flow.handle(.close) == [.askToSave(photo)])
        // A later ordinary save goes back to the camera, as ever.
        _ = try flow.handle(.save)
        #expect(try flow.handle(.photoSaved(path: "/p")) == [.showSaved(path: "/p"), .forget(photo), .showLive])
    }

    /// Closing while Save writes (or saving without review): closes once written.
    @Test func closingWhileAPhotoIsWrittenWaitsForIt() throws {
        var flow = try FlowFixtures.flow("capturing", saveWithoutReview: true)
        let photo = FlowFixtures.photo
        _ = try flow.handle(.photoCaptured(photo))
        #expect(try flow.handle(.close) == [])
        #expect(throws: Flow.Rejection.self) { _ = try flow.handle(.discardAndClose) }
        #expect(try flow.handle(.photoSaved(path: "/p")) == [.showSaved(path: "/p"), .forget(photo), .stopCamera, .close])
    }

    /// The camera failed or came back during review: it is not running, so nothing stops it on the way out.
    @Test func closingAfterTheCameraFailedStopsNothingTwice() throws {
        let photo = FlowFixtures.photo
        var flow = try FlowFixtures.flow("reviewing")
        _ = try flow.handle(.cameraFailed(.disconnected(camera: "Webcam")))
        _ = try flow.handle(.saveAndClose)
        #expect(try flow.handle(.photoSaved(path: "/p")) == [.showSaved(path: "/p"), .forget(photo), .close])
        var other = try FlowFixtures.flow("editing")
        _ = try other.handle(.cameraFailed(.busy(camera: "Webcam")))
        _ = try other.handle(.cameraAvailable)
        #expect(try other.handle(.discardAndClose) == [.forget(photo), .close])
        #expect(other.state == .idle && !other.cameraNeedsRestart)
    }

    @Test func aWholeSessionOfTwoPhotos() throws {
        var flow = Flow()
        var log: [Flow.Action] = []
        let first = CapturedPhoto(id: 1, frameSize: PixelSize(width: 1280, height: 720))
        let second = CapturedPhoto(id: 2, frameSize: PixelSize(width: 1280, height: 720))
        let secondEdited = CapturedPhoto(id: 2, frameSize: second.frameSize, crop: PixelRect(x: 560, y: 0, width: 720, height: 720))
        for event: Flow.Event in [.launch, .permissionChecked(.notDetermined), .continueToPermission, .permissionAnswered(.authorized), .cameraStarted,
                                  .shutter, .photoCaptured(first), .save, .photoSaved(path: "a.jpg"),
                                  .shutter, .photoCaptured(second), .edit, .editDone(crop: secondEdited.crop), .photoSaved(path: "b.jpg"),
                                  .shutDown] {
            log += try flow.handle(event)
        }
        #expect(log == [.checkPermission, .requestPermission, .startCamera, .showLive,
                        .capture, .showReview(first), .save(first), .showSaved(path: "a.jpg"), .forget(first), .showLive,
                        .capture, .showReview(second), .openEditor(second), .save(secondEdited), .showSaved(path: "b.jpg"), .forget(secondEdited), .showLive,
                        .stopCamera])
        #expect(flow.state == .idle)
    }

    /// Random event sequences: the camera the caller runs (per the actions) is running exactly when the state needs it.
    @Test func randomSequencesKeepTheCameraInStep() throws {
        var rng = SeededGenerator(seed: 2026)
        var visited = Set<String>()
        var problems: [String] = []
        // Each walk first takes the path to a state of its own: from idle,
        // random events seldom get as far as the editor (one walk in a
        // thousand), so rare states would be explored by luck alone.
        let starts = FlowFixtures.paths.keys.sorted()
        for run in 0..<1000 {
            var flow = Flow(saveWithoutReview: run % 3 == 0)
            var running = false
            var heldPhotos = Set<Int>()
            var heldClips = Set<Int>()
            var recording = false
            let opening = FlowFixtures.paths[starts[run % starts.count]]!
            let events = FlowFixtures.events + FlowFixtures.recordingEvents
            for event in opening + (0..<300).map({ _ in events.randomElement(using: &rng)! }) {
                let before = flow
                // A recording that failed to start never ran.
                if case .recordingFailed = event, flow.state == .recording { recording = false }
                do {
                    for action in try flow.handle(event) {
                        switch action {
                        case .startCamera, .startTestPattern: running = true
                        // A recording ends with its camera (its file is left for recovery).
                        case .stopCamera: running = false; recording = false
                        case .showReview(let p), .save(let p), .saveAs(let p, _), .openEditor(let p): heldPhotos.insert(p.id)
                        case .forget(let p): heldPhotos.remove(p.id)
                        case .startRecording: recording = true
                        case .stopRecording, .discardRecording: recording = false
                        case .showClip(let c), .saveClip(let c): heldClips.insert(c.id)
                        case .discardClip(let c), .keepClipForRecovery(let c): heldClips.remove(c.id)
                        default: break
                        }
                    }
                } catch {
                    if flow != before { problems.append("a refused \(event) changed \(before.state) to \(flow.state)") }
                }
                // Plain checks, not #expect: 300,000 steps, and #expect records
                // each expression it evaluates (most of this test's time).
                switch flow.state {
                case .starting, .live, .capturing, .recording:
                    if !running { problems.append("\(flow.state) without a running camera") }
                case .idle, .checkingPermission, .explainingPermission, .permissionPostponed, .askingPermission, .permissionDenied,
                     .permissionRestricted, .noCamera, .failed, .disconnected:
                    if running { problems.append("\(flow.state) with the camera still running") }
                case .reviewing, .editing, .saving, .finishingRecording, .reviewingClip, .savingClip:
                    if running != (flow.pendingCameraFailure == nil && !flow.cameraNeedsRestart) {
                        problems.append("\(flow.state): camera running \(running), pending failure \(String(describing: flow.pendingCameraFailure))")
                    }
                }
                if heldPhotos != Set(flow.photo.map { [$0.id] } ?? []) { problems.append("photo lost or leaked in \(flow.state)") }
                // A clip saved is the user's file: the flow no longer holds it.
                if case .clipSaved = event { heldClips.removeAll() }
                if heldClips != Set(flow.state.clip.map { [$0.id] } ?? []) { problems.append("clip lost or leaked in \(flow.state)") }
                if recording != (flow.state == .recording) { problems.append("recording \(recording) in \(flow.state)") }
                visited.insert(String("\(flow.state)".prefix { $0 != "(" }))
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5))")
        #expect(visited.count == 20, "the random walk reached only \(visited.sorted())")
    }
}

@Suite struct CameraAuthorizationTests {
    @Test func eachAuthorizationSaysWhatToDo() {
        #expect(CameraAuthorization.authorized.nextStep == .openCamera)
        #expect(CameraAuthorization.notDetermined.nextStep == .askThenOpenIfGranted)
        #expect(CameraAuthorization.denied.nextStep == .explainAndOfferSettings)
        #expect(CameraAuthorization.restricted.nextStep == .explainAndOfferSettings)
        #expect(CameraAuthorization.authorized.explanation == nil && CameraAuthorization.notDetermined.explanation == nil)
        #expect(CameraAuthorization.denied.explanation?.contains("Settings") == true)
        #expect(CameraAuthorization.restricted.explanation?.contains("administrator") == true)
    }

    @Test func askingResolvesOnlyTheUndetermined() {
        #expect(CameraAuthorization.notDetermined.afterAsking(granted: true) == .authorized)
        #expect(CameraAuthorization.notDetermined.afterAsking(granted: false) == .denied)
        for settled in [CameraAuthorization.authorized, .denied, .restricted] {
            #expect(settled.afterAsking(granted: true) == settled && settled.afterAsking(granted: false) == settled)
        }
    }

    @Test func failuresThatRevealAuthorization() {
        #expect(CameraAuthorization(failure: .permissionDenied(camera: "c")) == .denied)
        #expect(CameraAuthorization(failure: .permissionRestricted(camera: "c")) == .restricted)
        for other in [CameraFailure.noCamera, .busy(camera: "c"), .disconnected(camera: "c"), .failed(camera: "c", detail: "x"),
                      .unknownCamera(id: "c"), .portalUnavailable] {
            #expect(CameraAuthorization(failure: other) == nil)
        }
    }

    /// The flow does, for each authorization, what `nextStep` says.
    @Test(arguments: CameraAuthorization.allCases)
    func flowFollowsNextStep(_ authorization: CameraAuthorization) throws {
        var flow = try FlowFixtures.flow("checkingPermission")
        let actions = try flow.handle(.permissionChecked(authorization))
        switch authorization.nextStep {
        case .openCamera: #expect(actions == [.startCamera])
        case .askThenOpenIfGranted:
            #expect(actions.isEmpty && flow.state == .explainingPermission)
            #expect(try flow.handle(.continueToPermission) == [.requestPermission])
        case .explainAndOfferSettings:
            #expect(actions.isEmpty)
            #expect(try flow.handle(.openSettings) == [.openPrivacySettings])
        }
    }
}
