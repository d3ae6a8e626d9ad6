/// Where and when the live face analysis looks next, so that following a
/// face costs little: while no face is known, the whole frame once a second;
/// once one is, only the region around the faces last found, every look (a
/// quarter of the pixels or less), with a whole-frame look every two seconds
/// for faces that came in elsewhere. A look around the faces that finds none
/// goes back to whole frames. Positions are in the analysed frame's pixels.
public struct FaceSearch: Sendable {
    /// What the next look searches.
    public enum Look: Hashable, Sendable {
        /// Nothing: too soon for a whole-frame look.
        case skip
        case wholeFrame
        /// Only this region of the frame.
        case region(PixelRect)
    }

    /// Whole-frame looks while no face is known: a face that comes into view
    /// is found within a second. Each costs about 25 ms of dlib at 640 px;
    /// following was measured against the app before the analysis branch
    /// (benchmarks/app.sh analysers, see ARCHITECTURE.md).
    static let wholeFrameInterval: Duration = .seconds(1)
    /// Whole-frame looks while following known faces: others are found within two seconds.
    static let wholeFrameIntervalWhileFollowing: Duration = .seconds(2)
    /// The region around the known faces reaches this many face widths past
    /// them on every side: a face moving at a walk's pace stays inside from
    /// one look (a fifth of a second) to the next.
    static let marginInFaceWidths = 1.0

    /// The faces the last look found, in the analysed frame's pixels.
    public private(set) var known: [Rect2D] = []
    private var lastWholeFrame: ContinuousClock.Instant?

    public init() {}

    /// The look to make at `now` in a frame of `frameSize`.
    public mutating func next(at now: ContinuousClock.Instant, in frameSize: PixelSize) -> Look {
        let interval = known.isEmpty ? Self.wholeFrameInterval : Self.wholeFrameIntervalWhileFollowing
        if lastWholeFrame.map({ $0.duration(to: now) >= interval }) ?? true {
            lastWholeFrame = now
            return .wholeFrame
        }
        guard let region = region(around: known, in: frameSize) else { return .skip }
        return .region(region)
    }

    /// What `look` found (boxes in the whole frame's pixels).
    public mutating func found(_ faces: [Rect2D], by look: Look) {
        switch look {
        case .skip: return
        case .wholeFrame, .region: known = faces
        }
    }

    /// The known faces with their margin, as one region inside the frame; nil when none.
    func region(around faces: [Rect2D], in frameSize: PixelSize) -> PixelRect? {
        guard var box = faces.first else { return nil }
        for face in faces.dropFirst() { box = box.union(face) }
        let margin = Self.marginInFaceWidths * (faces.map(\.width).max() ?? 0)
        let left = max(0, Int((box.x - margin).rounded(.down))), top = max(0, Int((box.y - margin).rounded(.down)))
        let right = min(frameSize.width, Int((box.maxX + margin).rounded(.up)))
        let bottom = min(frameSize.height, Int((box.maxY + margin).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
