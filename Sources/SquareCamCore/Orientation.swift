/// How a stored image must be turned to be shown upright: the EXIF Orientation tag, 1–8.
///
/// Each case names where the stored image's top row ends up, as
/// Apple's image orientations do. Mapping "stored → displayed" applies the
/// transform a viewer applies; the inverse maps a displayed position back
/// to the stored pixels (for cropping a photo as the user sees it).
public enum Orientation: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1: shown as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored across the top-left to bottom-right diagonal).
    case leftMirrored = 5
    /// 6: turned 90° clockwise to display.
    case right = 6
    /// 7: transversed (mirrored across the top-right to bottom-left diagonal).
    case rightMirrored = 7
    /// 8: turned 90° counter-clockwise to display.
    case left = 8

    /// Reads an EXIF Orientation value; 0 (unset) and out-of-range values read as `.up`, as viewers do.
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .up
    }

    /// The EXIF Orientation value, 1–8.
    public var exifValue: Int { rawValue }

    /// True when displaying exchanges width and height (values 5–8).
    public var swapsAxes: Bool { transform.swapsAxes }

    /// True when displaying involves a mirror image (values 2, 4, 5, 7).
    public var isMirrored: Bool {
        switch self {
        case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
        case .up, .down, .right, .left: false
        }
    }

    /// How far a viewer turns the (possibly mirrored) image clockwise: 0, 90, 180 or 270 degrees.
    ///
    /// The mirror, when there is one, is left to right and applies first.
    public var clockwiseRotationDegrees: Int {
        switch self {
        case .up, .upMirrored: 0
        case .right, .rightMirrored: 90
        case .down, .downMirrored: 180
        case .left, .leftMirrored: 270
        }
    }

    /// The orientation that mirrors left to right first (when `mirrored`), then turns clockwise by `degrees` (a multiple of 90, any sign).
    public init(clockwiseRotationDegrees degrees: Int, mirrored: Bool) {
        precondition(degrees % 90 == 0, "rotations are whole quarter turns, not \(degrees)°")
        let quarter = ((degrees / 90) % 4 + 4) % 4
        let turns: [Orientation] = mirrored ? [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored] : [.up, .right, .down, .left]
        self = turns[quarter]
    }

    /// The orientation that undoes this one: `o.followed(by: o.inverted) == .up`.
    public var inverted: Orientation {
        // Quarter turns invert each other; every mirror and the half turn are their own inverse.
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }

    /// The single orientation that applies this one, then `next`.
    public func followed(by next: Orientation) -> Orientation {
        Orientation(transform: transform.followed(by: next.transform))
    }

    /// The size shown for an image stored at `size`.
    public func displayedSize(forStored size: PixelSize) -> PixelSize {
        swapsAxes ? size.transposed : size
    }

    /// The size stored for an image shown at `size`.
    public func storedSize(forDisplayed size: PixelSize) -> PixelSize {
        swapsAxes ? size.transposed : size
    }

    /// Where the stored pixel `point` of an image stored at `size` appears when displayed.
    public func displayedPoint(forStored point: PixelPoint, in size: PixelSize) -> PixelPoint {
        transform.map(point, storedSize: size)
    }

    /// Which stored pixel appears at the displayed pixel `point`, for an image stored at `size`.
    public func storedPoint(forDisplayed point: PixelPoint, storedSize size: PixelSize) -> PixelPoint {
        inverted.transform.map(point, storedSize: displayedSize(forStored: size))
    }

    /// Where the stored rect appears when displayed, for an image stored at `size`.
    public func displayedRect(forStored rect: PixelRect, in size: PixelSize) -> PixelRect {
        transform.map(rect, storedSize: size)
    }

    /// Which stored rect appears as the displayed rect, for an image stored at `size`.
    public func storedRect(forDisplayed rect: PixelRect, storedSize size: PixelSize) -> PixelRect {
        inverted.transform.map(rect, storedSize: displayedSize(forStored: size))
    }

    public var description: String {
        switch self {
        case .up: "1 (up)"
        case .upMirrored: "2 (up, mirrored)"
        case .down: "3 (down)"
        case .downMirrored: "4 (down, mirrored)"
        case .leftMirrored: "5 (left, mirrored)"
        case .right: "6 (right)"
        case .rightMirrored: "7 (right, mirrored)"
        case .left: "8 (left)"
        }
    }
}

extension Orientation {
    /// An orientation as three steps: optionally swap x and y, then mirror x, then mirror y (in displayed coordinates).
    struct Transform: Hashable {
        var swapsAxes: Bool
        var flipsX: Bool
        var flipsY: Bool

        /// The transform applying `self`, then `next`.
        func followed(by next: Transform) -> Transform {
            // Moving our flips past `next`'s swap exchanges which axis they flip.
            let (carriedX, carriedY) = next.swapsAxes ? (flipsY, flipsX) : (flipsX, flipsY)
            return Transform(swapsAxes: swapsAxes != next.swapsAxes,
                             flipsX: carriedX != next.flipsX, flipsY: carriedY != next.flipsY)
        }

        func map(_ point: PixelPoint, storedSize: PixelSize) -> PixelPoint {
            let size = swapsAxes ? storedSize.transposed : storedSize
            var p = swapsAxes ? PixelPoint(x: point.y, y: point.x) : point
            if flipsX { p.x = size.width - 1 - p.x }
            if flipsY { p.y = size.height - 1 - p.y }
            return p
        }

        func map(_ rect: PixelRect, storedSize: PixelSize) -> PixelRect {
            let size = swapsAxes ? storedSize.transposed : storedSize
            var r = swapsAxes ? PixelRect(x: rect.y, y: rect.x, width: rect.height, height: rect.width) : rect
            if flipsX { r.x = size.width - r.maxX }
            if flipsY { r.y = size.height - r.maxY }
            return r
        }
    }

    var transform: Transform {
        switch self {
        case .up: Transform(swapsAxes: false, flipsX: false, flipsY: false)
        case .upMirrored: Transform(swapsAxes: false, flipsX: true, flipsY: false)
        case .down: Transform(swapsAxes: false, flipsX: true, flipsY: true)
        case .downMirrored: Transform(swapsAxes: false, flipsX: false, flipsY: true)
        case .leftMirrored: Transform(swapsAxes: true, flipsX: false, flipsY: false)
        case .right: Transform(swapsAxes: true, flipsX: true, flipsY: false)
        case .rightMirrored: Transform(swapsAxes: true, flipsX: true, flipsY: true)
        case .left: Transform(swapsAxes: true, flipsX: false, flipsY: true)
        }
    }

    init(transform: Transform) {
        // Exactly one case has each transform, so this always finds one.
        self = Orientation.allCases.first { $0.transform == transform }!
    }
}
