#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which square of the camera's frame the viewfinder shows and the shutter
/// keeps: how far zoomed in, where it sits, and, while following faces,
/// where it is heading. A value: the live viewfinder keeps one in a
/// `LiveFraming`, `shoot` settles one on a single frame.
///
/// Positions are fractions of the frame's width and height, so the framing
/// survives a change of frame size (another camera, another mode) and the
/// analysis frame (small) and the camera frame (full) share it.
public struct SquareFraming: Hashable, Sendable {
    /// The square's side is the frame's short side divided by the zoom, 1 to `maximumZoom`.
    public static let maximumZoom = 3.0
    /// What one zoom step (a key press, a scroll notch) multiplies or divides by.
    public static let zoomStep = 1.25

    /// How far zoomed in: 1 is the frame's whole short side.
    public private(set) var zoom = 1.0
    /// The square's centre, as fractions of the frame's width and height.
    public private(set) var centre = Self.middle
    /// Whether faces steer the square (`facesFound`); panning does not then.
    public var followsFaces = false {
        didSet { if !followsFaces { target = nil } }
    }
    /// Where the square is easing to; nil when it stays put.
    public private(set) var target: Point2D?
    /// Seconds since faces were last found while following.
    private var secondsWithoutFaces = 0.0

    static let middle = Point2D(x: 0.5, y: 0.5)

    /// Following: how quickly the square closes on the faces. After 0.5 s
    /// (three and a third of these) it has gone 96 % of the way, without a
    /// jump a viewer would notice.
    static let followingTimeConstant = 0.15
    /// Faces gone: how slowly it drifts back to the middle.
    static let returningTimeConstant = 0.8
    /// How long faces may go unseen before the square goes back: the
    /// detector misses a face now and then (a turned head, motion blur).
    static let secondsBeforeReturning = 1.0
    /// A new place for the square is taken only when it differs from the one
    /// held by more than this share of the square's side: the detector's box
    /// wobbles by a few per cent from frame to frame, and the square must not.
    static let deadZone = 0.08

    public init(zoom: Double = 1, followsFaces: Bool = false) {
        self.followsFaces = followsFaces
        setZoom(zoom)
    }

    // MARK: The square

    /// The square's side in a frame of `frameSize`: its short side over the zoom.
    public static func side(in frameSize: PixelSize, zoom: Double) -> Int {
        max(1, min(frameSize.shortSide, Int((Double(frameSize.shortSide) / zoom).rounded())))
    }

    /// The square in a frame of `frameSize`, in its pixels, always inside it.
    public func square(in frameSize: PixelSize) -> PixelRect {
        let side = Self.side(in: frameSize, zoom: zoom)
        let x = centre.x * Double(frameSize.width) - Double(side) / 2
        let y = centre.y * Double(frameSize.height) - Double(side) / 2
        // To the nearest pixel, halves down as `centeredSquare` does: unzoomed
        // and unmoved, the two are the same square.
        let halvesDown = { (value: Double) in Int((value - 0.5).rounded(.up)) }
        return PixelRect(x: halvesDown(x), y: halvesDown(y), width: side, height: side)
            .moved(inside: frameSize) ?? frameSize.centeredSquare
    }

    // MARK: Zoom and pan

    /// Sets the zoom, kept between 1 and `maximumZoom`; the centre stays.
    public mutating func setZoom(_ newZoom: Double) {
        zoom = newZoom.isFinite ? min(Self.maximumZoom, max(1, newZoom)) : 1
    }

    /// One step in (`steps` > 0) or out; fractional steps for smooth scrolling.
    public mutating func zoom(bySteps steps: Double) {
        setZoom(zoom * pow(Self.zoomStep, steps))
    }

    /// Moves the square by `offset` frame pixels, kept inside the frame. Not while following faces.
    public mutating func pan(by offset: Point2D, in frameSize: PixelSize) {
        guard !followsFaces, !frameSize.isEmpty else { return }
        centre = Point2D(x: centre.x + offset.x / Double(frameSize.width), y: centre.y + offset.y / Double(frameSize.height))
        centre = Self.centre(of: square(in: frameSize), in: frameSize)
    }

    /// Back to the whole short side, centred.
    public mutating func reset() {
        zoom = 1
        centre = Self.middle
        target = nil
        secondsWithoutFaces = 0
    }

    // MARK: Following faces

    /// Faces found in a frame of `frameSize` (boxes in its pixels): the square
    /// heads for them. An empty list counts toward going back to the middle.
    public mutating func facesFound(_ faces: [Rect2D], in frameSize: PixelSize) {
        guard followsFaces, !frameSize.isEmpty else { return }
        guard let wanted = Self.centre(holding: faces, in: frameSize, zoom: zoom) else { return }
        secondsWithoutFaces = 0
        let held = target ?? centre
        let side = Double(Self.side(in: frameSize, zoom: zoom))
        let moved = max(abs(wanted.x - held.x) * Double(frameSize.width), abs(wanted.y - held.y) * Double(frameSize.height))
        if moved > Self.deadZone * side { target = wanted }
    }

    /// Time passes (`seconds` since the last call): the square eases toward
    /// its target, or back to the middle once faces have been gone a while.
    public mutating func advance(by seconds: Double) {
        guard seconds > 0 else { return }
        var timeConstant = Self.followingTimeConstant
        if followsFaces {
            secondsWithoutFaces += seconds
            if secondsWithoutFaces > Self.secondsBeforeReturning {
                target = Self.middle
                timeConstant = Self.returningTimeConstant
            }
        }
        guard let target else { return }
        let share = 1 - exp(-seconds / timeConstant)
        centre = Point2D(x: centre.x + (target.x - centre.x) * share, y: centre.y + (target.y - centre.y) * share)
        if abs(target.x - centre.x) < 1e-4, abs(target.y - centre.y) < 1e-4 {
            centre = target
            self.target = nil
        }
    }

    /// Jumps to the target at once: a single frame's framing (`shoot`).
    public mutating func settle() {
        if let target { centre = target }
        target = nil
    }

    /// Where the square's centre goes to hold `faces` with their head room:
    /// all of them when they fit in the square, otherwise the largest; when
    /// even that is taller than the square, its top (the head room) stays in.
    /// Nil when there are no faces.
    static func centre(holding faces: [Rect2D], in frameSize: PixelSize, zoom: Double) -> Point2D? {
        let framed = faces.filter { $0.width > 0 && $0.height > 0 }.map(HeadRoom.around)
        guard var wanted = framed.first else { return nil }
        for box in framed.dropFirst() { wanted = wanted.union(box) }
        let side = Double(side(in: frameSize, zoom: zoom))
        if wanted.width > side || wanted.height > side {
            wanted = framed.max { $0.width * $0.height < $1.width * $1.height }!
        }
        var point = wanted.center
        if wanted.height > side { point.y = wanted.y + side / 2 }
        return Point2D(x: point.x / Double(frameSize.width), y: point.y / Double(frameSize.height))
    }

    /// The fractional centre of a square in a frame of `frameSize`.
    static func centre(of square: PixelRect, in frameSize: PixelSize) -> Point2D {
        Point2D(x: square.center.x / Double(frameSize.width), y: square.center.y / Double(frameSize.height))
    }
}
