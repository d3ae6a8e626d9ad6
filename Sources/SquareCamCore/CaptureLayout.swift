/// Where a capture page puts its picture and its controls in the space it
/// has, from a 360×720 phone held upright, through the same phone on its
/// side (720×360), to a desktop window.
///
/// The rule: whichever arrangement gives the larger picture wins — controls
/// below it, or controls in a column beside it. Stacked, the picture and its
/// controls sit together, centred as a group, so the shutter stays close to
/// the picture on tall screens. A pure function, so every size is tested
/// without a display; libadwaita 1.2 has no breakpoints to do it for us.
public struct CaptureLayout: Hashable, Sendable, CustomStringConvertible {
    public enum Arrangement: String, Hashable, Sendable {
        /// Controls in a row below the picture (portrait).
        case stacked
        /// Controls in a column to the right of the picture (landscape).
        case sideBySide
    }

    public let arrangement: Arrangement
    /// The picture's rectangle: a square for the viewfinder and review, the
    /// whole rest of the space for the crop editor.
    public let picture: Rect2D
    /// The controls' rectangle.
    public let controls: Rect2D

    /// Chooses the arrangement for `space`, given how tall a row of controls
    /// below the picture is and how wide a column of them beside it is.
    public init(space: Size2D, controlsBelow: Double, controlsBeside: Double, squarePicture: Bool = true) {
        let width = max(0, space.width), height = max(0, space.height)
        let stackedSide = max(0, min(width, height - controlsBelow))
        let besideSide = max(0, min(height, width - controlsBeside))
        let arrangement: Arrangement = besideSide > stackedSide ? .sideBySide : .stacked
        self.init(arrangement: arrangement, space: Size2D(width: width, height: height),
                  controlsThickness: arrangement == .stacked ? controlsBelow : controlsBeside, squarePicture: squarePicture)
    }

    /// The rectangles for a chosen arrangement, once the controls' real thickness in it is known.
    public init(arrangement: Arrangement, space: Size2D, controlsThickness: Double, squarePicture: Bool = true) {
        self.arrangement = arrangement
        let width = max(0, space.width), height = max(0, space.height)
        let thickness = max(0, controlsThickness)
        switch arrangement {
        case .stacked:
            let pictureHeight = max(0, height - thickness)
            guard squarePicture else {
                picture = Rect2D(x: 0, y: 0, width: width, height: pictureHeight)
                controls = Rect2D(x: 0, y: pictureHeight, width: width, height: height - pictureHeight)
                return
            }
            let side = min(width, pictureHeight)
            // The square and the controls as one group, centred: no gap between them.
            let top = ((height - side - thickness) / 2).rounded(.down)
            picture = Rect2D(x: ((width - side) / 2).rounded(.down), y: max(0, top), width: side, height: side)
            controls = Rect2D(x: 0, y: picture.maxY, width: width, height: max(0, height - picture.maxY))
        case .sideBySide:
            let pictureWidth = max(0, width - thickness)
            guard squarePicture else {
                picture = Rect2D(x: 0, y: 0, width: pictureWidth, height: height)
                controls = Rect2D(x: pictureWidth, y: 0, width: width - pictureWidth, height: height)
                return
            }
            let side = min(height, pictureWidth)
            let left = ((width - side - thickness) / 2).rounded(.down)
            picture = Rect2D(x: max(0, left), y: ((height - side) / 2).rounded(.down), width: side, height: side)
            controls = Rect2D(x: picture.maxX, y: 0, width: max(0, width - picture.maxX), height: height)
        }
    }

    public var description: String { "\(arrangement.rawValue) picture \(picture) controls \(controls)" }
}
