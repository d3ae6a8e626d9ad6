/// Where and when the live face analysis looks next, so that following a
/// face costs little: while no face is known, the whole frame twice a second; once one is, only the region around the faces last found, every
/// look (a tenth of the pixels, a tenth of the cost), with a whole-frame look
/// each second for faces that came in elsewhere. A look around the faces that
/// finds none goes back to whole frames. Positions are in the analysed frame's pixels.
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
    /// is found within half a second. With no face in view, following cost
    /// the app +34 % CPU at a look every third of a second, +9 % and +21 %
    /// (two runs) at one every half (benchmarks/app.sh analysers).
    static let wholeFrameInterval: Duration = .milliseconds(500)
    /// Whole-frame looks while following known faces: others are found within a second.
    static let wholeFrameIntervalWhileFollowing: Duration = .seconds(1)
    /// The region around the known faces reaches this many face widths past
    /// them on every side: a face moving at a fast walk's pace stays inside
    /// from one look (a tenth of a second) to the next.
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
