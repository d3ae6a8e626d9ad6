import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// Which square of a captured frame `shoot` keeps: the app's framing
/// (`SquareFraming`) settled on one frame — zoomed by --zoom, on the faces
/// with --follow-face — so the command and the viewfinder frame alike.
struct ShootFraming {
    /// The square, in the frame's pixels.
    let square: PixelRect
    /// Faces found, with --follow-face; nil without it.
    let faces: Int?

    init(_ frame: Frame, _ request: ShootRequest) {
        // Without zoom or faces the frame is its centre square already (`centreSquareOnly`).
        guard request.framesFreely else {
            square = frame.size.centeredSquare
            faces = nil
            return
        }
        var framing = SquareFraming(zoom: request.zoom, followsFaces: request.followFace)
        if request.followFace {
            let found = FaceDetector.boxesForFollowing(in: frame)
            framing.facesFound(found, in: frame.size)
            framing.settle()
            faces = found.count
        } else {
            faces = nil
        }
        square = framing.square(in: frame.size)
    }

    /// Notes on standard error for what was asked and could not be: no face
    /// to follow, or a --size the zoomed square is too small for.
    func tellWhatWasNotDone(_ request: ShootRequest) {
        if faces == 0 {
            Console.report("note: no face found; the photo is the centre square.")
        }
        if let side = request.side, side > square.width {
            Console.report("note: the square is \(square.width)x\(square.width) pixels at this zoom; the photo keeps that size, not \(side) (never enlarged).")
        }
    }
}
