import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// How long each step of `shoot` took.
struct ShootTimings {
    let launchToFirstFrame: Duration
    /// Launch → this photo's frame arrived.
    let launchToFrame: Duration
    /// The frame's own timestamp in the stream, when the camera stamps its frames.
    let frameTimestamp: Duration?
    let shutterToFile: Duration
}

/// What `squarecam shoot --json` prints.
struct ShootReport: Encodable {
    struct Camera: Encodable {
        let id: String
        let name: String
        let mode: String?
    }

    struct Timings: Encodable {
        let launchToFirstFrameMs: Double
        let launchToFrameMs: Double
        /// Left out when the camera does not stamp its frames.
        let frameTimestampMs: Double?
        let shutterToFileMs: Double
    }

    /// The square taken from the camera's frame, in its pixels.
    struct Square: Encodable {
        let x: Int
        let y: Int
        let side: Int
    }

    let path: String
    let width: Int
    let height: Int
    let square: Square
    /// Faces found, with --follow-face only.
    let faces: Int?
    let camera: Camera
    let timings: Timings

    init(path: String, size: PixelSize, square: PixelRect, faces: Int?, camera: GStreamerCamera, timings: ShootTimings) {
        self.path = path
        width = size.width
        height = size.height
        self.square = Square(x: square.x, y: square.y, side: square.width)
        self.faces = faces
        self.camera = Camera(
            id: camera.cameraDescription.id,
            name: camera.cameraDescription.name,
            mode: camera.activeMode?.description
        )
        self.timings = Timings(
            launchToFirstFrameMs: timings.launchToFirstFrame.milliseconds,
            launchToFrameMs: timings.launchToFrame.milliseconds,
            frameTimestampMs: timings.frameTimestamp?.milliseconds,
            shutterToFileMs: timings.shutterToFile.milliseconds
        )
    }

    var json: String { JSONText.of(self) }
}

extension Duration {
    /// Milliseconds, to a hundredth.
    var milliseconds: Double {
        (inMilliseconds * 100).rounded() / 100
    }
}
