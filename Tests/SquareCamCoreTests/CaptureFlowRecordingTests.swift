import Testing
import SquareCamCore

/// Video mode's part of the flow: recording, the clip's review, and a
/// recording never lost to a close, a failure or the window going away.
@Suite struct CaptureFlowRecordingTests {
    let clip = CapturedClip(id: 7, seconds: 3.2, side: 1080, hasSound: true)

    /// A live flow in video mode.
    private func videoFlow(saveWithoutReview: Bool = false) throws -> Flow {
        var flow = try FlowFixtures.flow("live", saveWithoutReview: saveWithoutReview)
        #expect(try flow.handle(.chooseMode(.video)) == [])
        #expect(flow.mode == .video)
        return flow
    }

    private func recording(saveWithoutReview: Bool = false) throws -> Flow {
        var flow = try videoFlow(saveWithoutReview: saveWithoutReview)
        #expect(try flow.handle(.shutter) == [.startRecording])
        #expect(try flow.handle(.recordingStarted) == [])
        #expect(flow.state == .recording)
        return flow
    }

    private func reviewing() throws -> Flow {
        var flow = try recording()
        #expect(try flow.handle(.shutter) == [.stopRecording])
        #expect(try flow.handle(.clipRecorded(clip)) == [.showClip(clip)])
        #expect(flow.state == .reviewingClip(clip))
        return flow
    }

    @Test func recordStopReviewSave() throws {
        var flow = try reviewing()
        #expect(try flow.handle(.save) == [.saveClip(clip)])
        #expect(flow.state == .savingClip(clip))
        #expect(try flow.handle(.clipSaved(path: "/v/SquareCam_1.webm")) == [.showClipSaved(path: "/v/SquareCam_1.webm"), .showLive])
        #expect(flow.state == .live && flow.mode == .video, "the next press records again")
    }

    @Test func retakeDeletesTheClipAndGoesLive() throws {
        var flow = try reviewing()
        #expect(try flow.handle(.retake) == [.discardClip(clip), .showLive])
        #expect(flow.state == .live)
    }

    @Test func saveWithoutReviewSavesTheClipAtOnce() throws {
        var flow = try recording(saveWithoutReview: true)
        _ = try flow.handle(.shutter)
        #expect(try flow.handle(.clipRecorded(clip)) == [.saveClip(clip)])
        #expect(flow.state == .savingClip(clip))
    }

    @Test func photoModeIsTheDefaultAndTheShutterTakesPhotos() throws {
        var flow = try FlowFixtures.flow("live")
        #expect(flow.mode == .photo)
        #expect(try flow.handle(.shutter) == [.capture])
    }

    @Test func theModeCannotChangeWhileRecordingOrFinishing() throws {
        var flow = try recording()
        #expect(throws: Flow.Rejection.self) { try flow.handle(.chooseMode(.photo)) }
        _ = try flow.handle(.shutter)
        #expect(throws: Flow.Rejection.self) { try flow.handle(.chooseMode(.photo)) }
        #expect(flow.mode == .video)
    }

    @Test func aRecordingThatCannotStartOrHoldsNothingSaysSoAndGoesLive() throws {
        var starting = try videoFlow()
        _ = try starting.handle(.shutter)
        #expect(try starting.handle(.recordingFailed(message: "disk full")) == [.showError("disk full")])
        #expect(starting.state == .live)

        var empty = try recording()
        _ = try empty.handle(.shutter)
        #expect(try empty.handle(.recordingFailed(message: "nothing recorded")) == [.showError("nothing recorded"), .showLive])
        #expect(empty.state == .live)
    }

    @Test func aRecordingThatStopsByItselfIsFinishedAndReviewed() throws {
        var flow = try recording()
        #expect(try flow.handle(.recordingInterrupted(message: "disk full")) == [.stopRecording])
        #expect(try flow.handle(.clipRecorded(clip)) == [.showClip(clip)])
    }

    @Test func theCameraFailingMidRecordingKeepsTheClipForReviewThenShowsTheFailure() throws {
        var flow = try recording()
        let unplugged = CameraFailure.disconnected(camera: "cam")
        #expect(try flow.handle(.cameraFailed(unplugged)) == [.stopRecording, .stopCamera])
        #expect(flow.state == .finishingRecording)
        #expect(try flow.handle(.clipRecorded(clip)) == [.showClip(clip)])
        #expect(flow.pendingCameraFailure == unplugged)
        #expect(try flow.handle(.save) == [.saveClip(clip)])
        #expect(try flow.handle(.clipSaved(path: "/v/a.webm")) == [.showClipSaved(path: "/v/a.webm")])
        #expect(flow.state == .disconnected(camera: "cam"))
    }

    @Test func closingWhileRecordingAsksAndSaveKeepsTheRecordingThenCloses() throws {
        var flow = try recording()
        #expect(flow.hasUnsavedWork && !flow.hasUnsavedPhoto)
        #expect(try flow.handle(.close) == [.askToSaveRecording])
        #expect(flow.state == .recording, "asking changes nothing")
        #expect(try flow.handle(.saveAndClose) == [.stopRecording])
        #expect(try flow.handle(.clipRecorded(clip)) == [.saveClip(clip)])
        #expect(try flow.handle(.clipSaved(path: "/v/a.webm")) == [.showClipSaved(path: "/v/a.webm"), .stopCamera, .close])
        #expect(flow.state == .idle)
    }

    @Test func discardWhileRecordingDeletesItAndCloses() throws {
        var flow = try recording()
        #expect(try flow.handle(.discardAndClose) == [.discardRecording, .stopCamera, .close])
        #expect(flow.state == .idle)
    }

    @Test func anAnswerWhileTheFileIsFinishedIsCarriedOutOnceItIs() throws {
        var discarding = try recording()
        _ = try discarding.handle(.shutter)
        #expect(try discarding.handle(.close) == [.askToSaveRecording])
        #expect(try discarding.handle(.discardAndClose) == [])
        #expect(try discarding.handle(.clipRecorded(clip)) == [.stopCamera, .discardClip(clip), .close])

        var saving = try recording()
        _ = try saving.handle(.shutter)
        #expect(try saving.handle(.saveAndClose) == [])
        #expect(try saving.handle(.clipRecorded(clip)) == [.saveClip(clip)])
        #expect(saving.closesWhenSaved)

        var emptyOnTheWayOut = try recording()
        _ = try emptyOnTheWayOut.handle(.saveAndClose)
        #expect(try emptyOnTheWayOut.handle(.recordingFailed(message: "nothing recorded")) == [.stopCamera, .close])
    }

    @Test func aClipUnderReviewIsAskedAboutLikeAPhoto() throws {
        var flow = try reviewing()
        #expect(flow.hasUnsavedWork)
        #expect(try flow.handle(.close) == [.askToSaveRecording])
        var discarded = flow
        #expect(try discarded.handle(.discardAndClose) == [.stopCamera, .discardClip(clip), .close])
        #expect(try flow.handle(.saveAndClose) == [.saveClip(clip)])
        #expect(throws: Flow.Rejection.self) { try flow.handle(.discardAndClose) }
        #expect(try flow.handle(.close) == [], "a clip being saved is waited for")
        #expect(throws: Flow.Rejection.self) { try flow.handle(.shutDown) }
    }

    @Test func theWindowGoingAwayKeepsTheRecordingForRecovery() throws {
        var running = try recording()
        #expect(try running.handle(.shutDown) == [.stopCamera], "the hidden file stays; only Discard deletes it")
        var reviewed = try reviewing()
        #expect(try reviewed.handle(.shutDown) == [.stopCamera, .keepClipForRecovery(clip)])
        #expect(reviewed.state == .idle && !reviewed.hasUnsavedWork)
    }

    @Test func aFailedClipSaveReturnsToItsReview() throws {
        var flow = try reviewing()
        _ = try flow.handle(.save)
        #expect(try flow.handle(.saveFailed(message: "read-only")) == [.showError("read-only"), .showClip(clip)])
        #expect(flow.state == .reviewingClip(clip))
        #expect(throws: Flow.Rejection.self) { try flow.handle(.saveAs(path: "/tmp/x.webm")) }
    }
}
