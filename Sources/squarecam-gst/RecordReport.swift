import FoundationEssentials
import SquareCamCapture
import SquareCamCore

/// What `squarecam record --json` prints.
struct RecordReport: Encodable {
    let path: String
    let width: Int
    let height: Int
    let seconds: Double
    let frames: Int
    let droppedFrames: Int
    let camera: ShootReport.Camera
    /// nil: recorded without sound.
    let microphone: String?
    /// The file was cut off and finished up to its last whole block.
    let repaired: Bool

    init(_ finished: FinishedRecording, statistics: RecordingStatistics?, camera: GStreamerCamera, microphone: MicrophoneSource?) {
        path = finished.path
        width = finished.pictureSize?.width ?? 0
        height = finished.pictureSize?.height ?? 0
        seconds = (finished.seconds * 1000).rounded() / 1000
        frames = finished.videoFrames
        droppedFrames = statistics?.droppedFrames ?? 0
        self.camera = ShootReport.Camera(
            id: camera.cameraDescription.id, name: camera.cameraDescription.name, mode: camera.activeMode?.description)
        self.microphone = microphone?.name
        repaired = finished.wasRepaired
    }

    var json: String { JSONText.of(self) }
}
