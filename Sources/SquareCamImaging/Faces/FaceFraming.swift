import SquareCamCore

/// Where a square spanning a picture's short side goes so that it holds faces.
///
/// Each face's box (eyebrows to chin) is widened by the room a head needs
/// around it (Core's `HeadRoom`, which the viewfinder's face following uses
/// too). The square holds every
/// framed face when they fit along the long side; otherwise the largest face.
/// A face scoring under `weakestShareOfBest` of the surest one is left out:
/// on the astronaut portrait dlib also reported her suit's folds, at 0.02
/// against her face's 1.51, a box larger than her face.
/// In a landscape picture the framed faces are centred across the square; in
/// a portrait one the square starts at the head room above the highest face,
/// so it holds the head and shoulders rather than the wall above them.
public enum FaceFraming {
    static let weakestShareOfBest = 0.25

    /// The short-side square of a picture of `size` holding `faces` (in its
    /// pixels); the centred square when there are none.
    public static func square(holding faces: [DetectedFace], in size: PixelSize) -> PixelRect {
        let side = size.shortSide
        let landscape = size.width > size.height
        guard let best = faces.map(\.score).max(), size.width != size.height else { return size.centeredSquare }
        let faces = faces.filter { $0.score >= best * weakestShareOfBest }
        // Each face's extent along the long side, with its room.
        let spans = faces.map { span(of: $0.rect, alongWidth: landscape) }
        var chosen = (low: spans.map(\.low).min()!, high: spans.map(\.high).max()!)
        if chosen.high - chosen.low > Double(side) {
            let largest = faces.indices.max { faces[$0].rect.size.area < faces[$1].rect.size.area }!
            chosen = spans[largest]
        }
        let start = landscape ? (chosen.low + chosen.high - Double(side)) / 2 : chosen.low
        let travel = (landscape ? size.width : size.height) - side
        let offset = min(travel, max(0, Int(start.rounded())))
        return landscape
            ? PixelRect(x: offset, y: 0, width: side, height: side)
            : PixelRect(x: 0, y: offset, width: side, height: side)
    }

    /// A face's extent with its room, along the width (landscape) or the height.
    static func span(of face: PixelRect, alongWidth: Bool) -> (low: Double, high: Double) {
        if alongWidth {
            let room = HeadRoom.eachSide * Double(face.width)
            return (Double(face.x) - room, Double(face.maxX) + room)
        }
        return (Double(face.y) - HeadRoom.above * Double(face.height), Double(face.maxY) + HeadRoom.below * Double(face.height))
    }
}
