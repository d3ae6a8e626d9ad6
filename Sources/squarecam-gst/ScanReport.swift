import SquareCamCapture
import SquareCamCodes
import SquareCamCore

/// What `squarecam scan --json` prints.
struct ScanReport: Encodable {
    struct Camera: Encodable {
        let id: String
        let name: String
    }

    let text: String
    /// zbar's name for the symbology: "QR-Code".
    let format: String
    /// The code's corners in the camera frame's pixels (x, y).
    let corners: [PixelPoint]
    let camera: Camera
    /// From the camera's first frame to the code read.
    let seconds: Double

    init(_ code: ReadCode, camera: CameraDescription, seconds: Double) {
        text = code.text
        format = code.format
        corners = code.corners
        self.camera = Camera(id: camera.id, name: camera.name)
        self.seconds = (seconds * 1000).rounded() / 1000
    }

    var json: String { JSONText.of(self) }
}
