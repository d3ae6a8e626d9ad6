import Synchronization
import SquareCamCore
import SquareCamImaging

/// A recording the app began on a streaming camera (`RecordingCamera`):
/// the file is hidden and locked while it is written and while it is
/// reviewed, and gets its visible name only on Save.
final class LiveRecording: CameraRecording {
    private let camera: GStreamerCamera
    private let file: RecordingFile
    let hasSound: Bool
    private let sealed = Mutex<RecordingFile.Sealed?>(nil)
    private let finished = Mutex(false)

    init(camera: GStreamerCamera, file: RecordingFile, hasSound: Bool) {
        self.camera = camera
        self.file = file
        self.hasSound = hasSound
    }

    var soundHeard: Int { camera.recordingStatistics?.microphoneBuffers ?? 0 }

    var playablePath: String { file.partialPath }

    func finish() async throws -> RecordedClipFacts {
        guard !finished.withLock({ let was = $0; $0 = true; return was }) else { throw RecordingFile.FinishError.empty }
        // A camera that failed mid-recording has no pipeline left to end:
        // the file is finished from what was written (WebMRepair).
        _ = await camera.endRecording()
        let result = try file.seal()
        sealed.withLock { $0 = result }
        let side = result.pictureSize?.shortSide ?? camera.activeMode?.size.shortSide ?? 0
        return RecordedClipFacts(seconds: result.seconds, side: side)
    }

    func save() throws -> String {
        guard let result = sealed.withLock({ $0 }) else { throw RecordingFile.FinishError.empty }
        return try file.publish(result).path
    }

    func discard() async {
        if !finished.withLock({ let was = $0; $0 = true; return was }) { _ = await camera.endRecording() }
        file.discard()
    }
}

extension GStreamerCamera: RecordingCamera {
    /// Records the frames' whole centre square (even), not mirrored, at the
    /// default bit rate; the app's recordings are what `squarecam record`
    /// makes with its defaults.
    public func startRecording(into folder: String, sound: RecordingSound,
                               interrupted: @escaping @Sendable (String) -> Void) throws -> any CameraRecording {
        let file = try RecordingFile.create(.folder(folder))
        let microphone: MicrophoneSource? = switch sound {
        case .none: nil
        case .defaultMicrophone: SoundServer.running(environment: ProcessEnvironment.current)?.defaultMicrophone
        case .microphone(let id): MicrophoneSource(id: id)
        }
        let told = Mutex(false)
        setRecordingFailureHandler { failure in
            // Without its microphone the recording goes on, silent (the silence watch says so).
            if case .microphone = failure { return }
            guard !told.withLock({ let was = $0; $0 = true; return was }) else { return }
            interrupted(failure.description)
        }
        do {
            try startRecording(RecordingSettings(microphone: microphone, fileDescriptor: file.descriptor))
        } catch {
            file.discard()
            throw error
        }
        return LiveRecording(camera: self, file: file, hasSound: microphone != nil)
    }
}
