import Foundation
import SquareCamCore

/// Video mode: the switch, recording, the clip's review, Save and Retake.
extension CaptureController {
    /// The photo/video switch beside the shutter, and V.
    public func chooseMode(_ mode: CaptureMode) {
        guard mode != flow.mode else { return }
        send(.chooseMode(mode))
    }

    /// V: photo ↔ video.
    public func toggleMode() {
        chooseMode(flow.mode == .photo ? .video : .photo)
    }

    /// The microphone toggle (remembered); applies from the next recording.
    public func setRecordSound(_ on: Bool) {
        preferences.recordSound = on
        onChange?()
    }

    /// The clip's hidden file, for the review to play.
    public func playablePath(for clip: CapturedClip) -> String? {
        recordings[clip.id]?.playablePath
    }

    /// The folder recordings go to now (created at the first recording).
    public var videosFolder: String { photos.videosFolder() }

    /// How long a sound-wanting recording may stay silent before the user is told.
    static let silenceGraceSeconds = 2.0

    func startRecording() {
        guard let camera = camera as? any RecordingCamera else {
            recordingFailed(CameraFailure.failed(camera: currentCameraID ?? "camera", detail: "it cannot record video."))
            return
        }
        let sound: RecordingSound = preferences.recordSound ? microphoneID.map { .microphone(id: $0) } ?? .defaultMicrophone : .none
        // Held from before the recording reads the square it records, so
        // the viewfinder cannot move off it (`updateFramingForState` lets go).
        framing.hold(true)
        do {
            let recording = try camera.startRecording(into: photos.videosFolder(), sound: sound) { [weak self] reason in
                Task { @MainActor in self?.recordingInterrupted(reason) }
            }
            activeRecording = recording
            recordingStarted = Date()
            send(.recordingStarted)
            if sound != .none { watchForSilence(of: recording) }
        } catch {
            recordingFailed(error)
        }
    }

    /// Sound was asked for: say once per run when there is none.
    private func watchForSilence(of recording: any CameraRecording) {
        guard !toldRecordingIsSilent else { return }
        guard recording.hasSound else {
            toldRecordingIsSilent = true
            onNotice?(.recordingWithoutSound(.noMicrophone))
            return
        }
        let ticker = self.ticker
        // Weakly: a recording let go of (the window destroyed) must close its file at once.
        Task { @MainActor [weak self, weak recording] in
            try? await ticker.wait(seconds: Self.silenceGraceSeconds)
            guard let self, let recording, self.activeRecording === recording, recording.soundHeard == 0,
                  !self.toldRecordingIsSilent else { return }
            self.toldRecordingIsSilent = true
            self.onNotice?(.recordingWithoutSound(.silentMicrophone))
        }
    }

    func stopRecording() {
        guard let recording = activeRecording else {
            track { self.send(.recordingFailed(message: "no recording runs")) }
            return
        }
        activeRecording = nil
        recordingStarted = nil
        let id = nextShotID
        nextShotID += 1
        track {
            do {
                let facts = try await recording.finish()
                self.recordings[id] = recording
                self.send(.clipRecorded(CapturedClip(id: id, seconds: facts.seconds, side: facts.side, hasSound: recording.hasSound)))
                // A clip the flow did not take (the window was destroyed meanwhile) stays hidden for recovery.
                if self.flow.state.clip?.id != id { self.recordings[id] = nil }
            } catch {
                self.recordingFailed(error)
            }
        }
    }

    func discardRecording() {
        guard let recording = activeRecording else { return }
        activeRecording = nil
        recordingStarted = nil
        track { await recording.discard() }
    }

    func saveClip(_ clip: CapturedClip) {
        saveProblem = nil
        guard let recording = recordings[clip.id] else { return }
        track {
            let result: Result<String, any Error> = await Task.detached {
                Result { try recording.save() }
            }.value
            switch result {
            case .success(let path):
                self.recordings[clip.id] = nil
                self.send(.clipSaved(path: path))
            case .failure(let error):
                self.saveProblem = CaptureProblem(error)
                self.onNotice?(.saveFailed(CaptureProblem(error)))
                self.send(.saveFailed(message: "\(error)"))
            }
        }
    }

    func discardClip(_ clip: CapturedClip) {
        saveProblem = nil
        guard let recording = recordings.removeValue(forKey: clip.id) else { return }
        track { await recording.discard() }
    }

    /// The recording stopped by itself: say why, and finish what was written.
    private func recordingInterrupted(_ reason: String) {
        guard activeRecording != nil, flow.state == .recording else { return }
        onNotice?(.recordingFailed(.other(reason + " " + Self.keptWords)))
        send(.recordingInterrupted(message: reason))
    }

    static let keptWords = "What was recorded until then is kept."

    private func recordingFailed(_ error: any Error) {
        activeRecording = nil
        recordingStarted = nil
        onNotice?(.recordingFailed(CaptureProblem(error)))
        send(.recordingFailed(message: "\(error)"))
    }
}
