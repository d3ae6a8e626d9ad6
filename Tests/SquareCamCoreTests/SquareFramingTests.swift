import Testing
import SquareCamCore

/// The square the viewfinder shows and the shutter keeps: zoom, pan, and
/// following a face (eased, with a dead zone, back to the middle without one).
@Suite struct SquareFramingTests {
    static let wide = PixelSize(width: 1280, height: 720)
    /// A face (eyebrows to chin) at the frame's right, as a detector boxes it.
    static let faceAtRight = Rect2D(x: 1000, y: 200, width: 120, height: 120)

    /// `seconds` of viewfinder frames (30 a second) with `faces` found at
    /// every third, as the app's analysis looks ten times a second.
    static func run(_ framing: inout SquareFraming, seconds: Double, faces: [Rect2D]?) {
        for frame in 0..<Int((seconds * 30).rounded()) {
            if let faces, frame % 3 == 0 { framing.facesFound(faces, in: wide) }
            framing.advance(by: 1.0 / 30)
        }
    }

    static func isInside(_ square: PixelRect, _ size: PixelSize) -> Bool {
        square.isSquare && !square.isEmpty && size.contains(square)
    }

    @Test func zoomDividesTheShortSideFromOneToThree() {
        for size in TestSizes.all {
            var framing = SquareFraming()
            #expect(framing.square(in: size) == size.centeredSquare, "\(size)")
            framing.setZoom(2)
            #expect(framing.square(in: size).width == max(1, Int((Double(size.shortSide) / 2).rounded())))
            framing.setZoom(10)
            #expect(framing.zoom == SquareFraming.maximumZoom)
            framing.setZoom(0.2)
            #expect(framing.zoom == 1)
            framing.setZoom(.nan)
            #expect(framing.zoom == 1 && Self.isInside(framing.square(in: size), size))
        }
        var stepped = SquareFraming()
        stepped.zoom(bySteps: 1)
        #expect(stepped.zoom == SquareFraming.zoomStep)
        stepped.zoom(bySteps: -3)
        #expect(stepped.zoom == 1)
    }

    @Test func panningStopsAtTheEdgesAndStaysThereWhenZoomedOut() {
        for size in TestSizes.some {
            var framing = SquareFraming(zoom: 3)
            framing.pan(by: Point2D(x: -1e9, y: -1e9), in: size)
            let side = framing.square(in: size).width
            #expect(framing.square(in: size) == PixelRect(x: 0, y: 0, width: side, height: side), "\(size)")
            framing.pan(by: Point2D(x: 1e9, y: 1e9), in: size)
            #expect(framing.square(in: size).maxX == size.width && framing.square(in: size).maxY == size.height)
            // Back the other way, the square moves at once: nothing was kept past the edge.
            framing.pan(by: Point2D(x: -10, y: 0), in: size)
            if size.width > side + 10 { #expect(framing.square(in: size).maxX == size.width - 10, "\(size)") }
            framing.setZoom(1)
            #expect(Self.isInside(framing.square(in: size), size))
        }
    }

    @Test func panningIsIgnoredWhileFollowingFaces() {
        var framing = SquareFraming(zoom: 2, followsFaces: true)
        framing.pan(by: Point2D(x: 200, y: 0), in: Self.wide)
        #expect(framing.square(in: Self.wide) == SquareFraming(zoom: 2).square(in: Self.wide))
    }

    /// Eased: no jump in the first frame, 96 % of the way within half a second, there soon after.
    @Test func followingAFaceEasesOntoItWithinHalfASecond() {
        var framing = SquareFraming(followsFaces: true)
        let start = framing.square(in: Self.wide).x
        framing.facesFound([Self.faceAtRight], in: Self.wide)
        var settled = framing
        settled.settle()
        let end = settled.square(in: Self.wide).x
        #expect(end == Self.wide.width - 720, "a face at the right edge takes the square to the edge: \(end)")
        Self.run(&framing, seconds: 1.0 / 30, faces: [Self.faceAtRight])
        let firstStep = framing.square(in: Self.wide).x - start
        #expect(firstStep > 0 && firstStep < (end - start) / 3, "first frame moved \(firstStep) of \(end - start)")
        Self.run(&framing, seconds: 14.0 / 30, faces: [Self.faceAtRight])
        let afterHalfASecond = framing.square(in: Self.wide).x
        #expect(Double(afterHalfASecond - start) >= 0.9 * Double(end - start), "\(afterHalfASecond) of \(start)→\(end)")
        Self.run(&framing, seconds: 1, faces: [Self.faceAtRight])
        #expect(framing.square(in: Self.wide).x == end)
        #expect(framing.target == nil)
    }

    /// The square holds the face with room above it: zoomed in on a face
    /// near the top, the square starts at the top and the face is inside.
    @Test func theSquareHoldsTheFaceWithHeadRoom() {
        var framing = SquareFraming(zoom: 2.5, followsFaces: true)
        let face = Rect2D(x: 600, y: 80, width: 100, height: 100)
        framing.facesFound([face], in: Self.wide)
        framing.settle()
        let square = framing.square(in: Self.wide)
        #expect(square.contains(PixelRect(x: 600, y: 80, width: 100, height: 100)), "\(square)")
        #expect(square.y <= 80 - 40, "head room above the face: \(square)")
    }

    /// Two faces that fit are both held; two that cannot fit: the largest.
    @Test func everyFaceWhenTheyFitOtherwiseTheLargest() {
        var both = SquareFraming(followsFaces: true)
        let left = Rect2D(x: 300, y: 250, width: 100, height: 100), right = Rect2D(x: 700, y: 250, width: 100, height: 100)
        both.facesFound([left, right], in: Self.wide)
        both.settle()
        let square = both.square(in: Self.wide)
        #expect(square.contains(PixelRect(x: 300, y: 250, width: 100, height: 100)) && square.contains(PixelRect(x: 700, y: 250, width: 100, height: 100)), "\(square)")

        var largest = SquareFraming(zoom: 3, followsFaces: true)
        let small = Rect2D(x: 100, y: 300, width: 60, height: 60), large = Rect2D(x: 1000, y: 300, width: 110, height: 110)
        largest.facesFound([small, large], in: Self.wide)
        largest.settle()
        #expect(largest.square(in: Self.wide).contains(PixelRect(x: 1000, y: 300, width: 110, height: 110)))
    }

    /// A detector's box wobbles by a few pixels from look to look: the square does not.
    @Test func aWobblingBoxDoesNotMoveTheSquare() {
        var framing = SquareFraming(followsFaces: true)
        Self.run(&framing, seconds: 2, faces: [Self.faceAtRight])
        let held = framing.square(in: Self.wide)
        var zoomed = SquareFraming(zoom: 2, followsFaces: true)
        zoomed.facesFound([Rect2D(x: 600, y: 300, width: 100, height: 100)], in: Self.wide)
        zoomed.settle()
        let zoomedHeld = zoomed.square(in: Self.wide)
        for wobble in [-12.0, 9, -6, 12, -3, 0, 7] {
            framing.facesFound([Rect2D(x: Self.faceAtRight.x + wobble, y: 200 - wobble, width: 120 + wobble, height: 120)], in: Self.wide)
            zoomed.facesFound([Rect2D(x: 600 + wobble, y: 300 + wobble, width: 100, height: 100 - wobble)], in: Self.wide)
            for _ in 0..<3 {
                framing.advance(by: 1.0 / 30)
                zoomed.advance(by: 1.0 / 30)
            }
            #expect(framing.square(in: Self.wide) == held)
            #expect(zoomed.square(in: Self.wide) == zoomedHeld)
        }
    }

    /// Faces gone: the square stays a second (a missed look is no reason to
    /// move), then drifts back to the middle, more slowly than it follows.
    @Test func withoutAFaceTheSquareGoesBackToTheMiddleSlowly() {
        var framing = SquareFraming(followsFaces: true)
        framing.facesFound([Self.faceAtRight], in: Self.wide)
        framing.settle()
        let onFace = framing.square(in: Self.wide)
        for _ in 0..<27 {
            framing.facesFound([], in: Self.wide)
            framing.advance(by: 1.0 / 30)
        }
        #expect(framing.square(in: Self.wide) == onFace, "moved within the first second without a face")
        for _ in 0..<15 { framing.advance(by: 1.0 / 30) }
        let halfASecondLater = framing.square(in: Self.wide).x
        let middle = Self.wide.centeredSquare.x
        #expect(halfASecondLater < onFace.x && halfASecondLater > middle + (onFace.x - middle) / 3,
                "back too fast or not at all: \(onFace.x) → \(halfASecondLater), middle \(middle)")
        for _ in 0..<300 { framing.advance(by: 1.0 / 30) }
        #expect(framing.square(in: Self.wide) == Self.wide.centeredSquare)
    }

    @Test func turningFollowingOffStopsTheSquareWhereItIs() {
        var framing = SquareFraming(followsFaces: true)
        framing.facesFound([Self.faceAtRight], in: Self.wide)
        framing.advance(by: 0.1)
        let there = framing.square(in: Self.wide)
        framing.followsFaces = false
        framing.advance(by: 1)
        #expect(framing.square(in: Self.wide) == there)
        framing.facesFound([Rect2D(x: 0, y: 0, width: 100, height: 100)], in: Self.wide)
        framing.advance(by: 1)
        #expect(framing.square(in: Self.wide) == there)
    }

    /// The shutter keeps the square the viewfinder showed last; a hold (a recording) keeps it still.
    @Test func theLiveFramingKeepsTheSquareShownAndHoldsStill() {
        let live = LiveFraming(SquareFraming(followsFaces: true))
        let start = ContinuousClock.now
        let first = live.squareForFrame(of: Self.wide, at: start)
        #expect(live.shownSquare(in: Self.wide) == first && live.shownFrameSize == Self.wide)
        live.change { $0.facesFound([Self.faceAtRight], in: Self.wide) }
        let second = live.squareForFrame(of: Self.wide, at: start + .milliseconds(33))
        #expect(second.x > first.x)
        #expect(live.shownSquare(in: Self.wide) == second, "the shutter takes what was shown, not what comes next")
        #expect(live.shownSquare(in: PixelSize(width: 640, height: 480)).width == 480, "another size: that size's square")
        live.hold(true)
        live.change { $0.setZoom(3) }
        let held = live.squareForFrame(of: Self.wide, at: start + .milliseconds(500))
        #expect(held == second && live.framing.zoom == 1, "moved while held")
        live.hold(false)
        _ = live.squareForFrame(of: Self.wide, at: start + .milliseconds(600))
        let moving = live.squareForFrame(of: Self.wide, at: start + .milliseconds(633))
        #expect(moving.x > held.x)
        live.pan(bySquareSides: Point2D(x: -1, y: 0))
        #expect(live.framing.centre.x > 0.5, "panning is ignored while following")
    }
}
