import SquareCamCore

/// Zoom, pan and face following: which square of the frame the viewfinder
/// shows and the shutter keeps (`framing`). The camera asks the framing for
/// every viewfinder frame; the shutter takes the square shown last; a
/// recording records the square shown when it began, held still until it ends.
extension CaptureController {
    /// Looks a second at most; `FaceSearch` decides which look searches the
    /// whole frame (one a second) and which only around the faces found.
    /// Every look costs the analysis branch's scaling too, so five, not ten:
    /// the square eases over half a second anyway.
    static let faceLooksPerSecond = 5.0

    /// How far zoomed in: 1 (the frame's whole short side) to `SquareFraming.maximumZoom`.
    public var zoom: Double { framing.framing.zoom }

    /// Whether the square follows faces now.
    public var followsFaces: Bool { framing.framing.followsFaces }

    /// The photo's side at this zoom when it is smaller than the side chosen
    /// in the preferences (photos are never enlarged); nil otherwise.
    public var zoomedPhotoSideBelowChosen: Int? {
        guard let chosen = preferences.photoSide, let size = framing.shownFrameSize else { return nil }
        let side = SquareFraming.side(in: size, zoom: zoom)
        return side < chosen ? side : nil
    }

    /// Whether the zoom, the pan and following may change now: only live
    /// (a recording holds its square), and following only with a face finder.
    public var canFrame: Bool { flow.state == .live }
    public var canFollowFaces: Bool { findFaces != nil }

    /// Zooms in (`steps` > 0) or out by zoom steps; fractions for smooth scrolling and pinching.
    public func zoom(bySteps steps: Double) {
        guard canFrame else { return }
        framing.change { $0.zoom(bySteps: steps) }
        onChange?()
    }

    /// Sets the zoom (a pinch's scale times the zoom it began at).
    public func setZoom(_ zoom: Double) {
        guard canFrame else { return }
        framing.change { $0.setZoom(zoom) }
        onChange?()
    }

    /// Moves the square by `offset` shares of its side (a drag across the
    /// viewfinder); ignored while following faces.
    public func pan(bySquareSides offset: Point2D) {
        guard canFrame else { return }
        framing.pan(bySquareSides: offset)
        onChange?()
    }

    /// Back to the whole frame, centred.
    public func resetFraming() {
        guard canFrame else { return }
        framing.change { $0.reset() }
        onChange?()
    }

    /// Turns face following on or off (remembered in the preferences); only
    /// live, as the zoom (a recording holds its framing).
    public func setFollowingFaces(_ on: Bool) {
        guard canFollowFaces, canFrame else { return }
        preferences.followFaces = on
        framing.change { $0.followsFaces = on }
        updateFramingForState()
        onChange?()
    }

    /// Lets the viewfinder show the framing, and looks for faces in
    /// `camera`'s frames if following now.
    func startFraming(in camera: any Camera) {
        camera.setFraming(framing)
        if faceLooking.isOn { attachFaceAnalysis(to: camera) }
    }

    /// The analysis that finds faces, attached only while following on the
    /// live page: every look costs the analysis branch's scaling, whether
    /// or not anyone wants the faces.
    private func attachFaceAnalysis(to camera: any Camera) {
        guard let findFaces else { return }
        let looking = faceLooking
        let framing = framing
        let search = LockedValue(FaceSearch())
        camera.setFrameAnalysis(named: "faces", framesPerSecond: Self.faceLooksPerSecond) { frame, cameraFrameSize in
            // Detached a moment ago: a look already under way is dropped.
            guard looking.isOn else { return }
            let look = search.withLock { $0.next(at: .now, in: frame.size) }
            let found: [Rect2D]
            switch look {
            case .skip: return
            case .wholeFrame: found = findFaces(frame, nil)
            case .region(let region): found = findFaces(frame, region)
            }
            search.withLock { $0.found(found, by: look) }
            let scale = frame.size.width > 0 ? Double(cameraFrameSize.width) / Double(frame.size.width) : 1
            framing.change { $0.facesFound(found.map { $0.scaled(by: scale) }, in: cameraFrameSize) }
        }
    }

    /// After every transition: faces are looked for only while following on
    /// the live page, and the square holds still through a recording.
    func updateFramingForState() {
        let looking = flow.state == .live && followsFaces && findFaces != nil
        if looking != faceLooking.isOn {
            faceLooking.isOn = looking
            if let camera {
                if looking { attachFaceAnalysis(to: camera) } else { camera.setFrameAnalysis(named: "faces", framesPerSecond: 0, nil) }
            }
        }
        let recording = flow.state == .recording
        if framing.isHeld != recording { framing.hold(recording) }
    }
}
