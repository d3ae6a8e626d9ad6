import Testing
import SquareCamCore

@Suite struct SquareCropBoxTests {
    static func isValid(_ box: SquareCropBox) -> Bool {
        box.rect.isSquare && !box.rect.isEmpty && box.frameSize.contains(box.rect)
            && box.side >= box.minimumSide && box.side <= box.maximumSide
    }

    @Test func startsAtTheWidestCentredSquare() {
        for size in TestSizes.all {
            let box = SquareCropBox(frameSize: size)
            #expect(box.rect == size.centeredSquare && box.isReset && Self.isValid(box))
            #expect(box.minimumSide == min(64, size.shortSide) && box.maximumSide == size.shortSide)
        }
    }

    @Test func reachesEveryEdgeAndStopsThere() {
        for size in TestSizes.some {
            var box = SquareCropBox(frameSize: size)
            box.zoom(by: 2)
            let side = box.side
            box.move(dx: Int.min, dy: Int.min)
            #expect(box.rect == PixelRect(x: 0, y: 0, width: side, height: side), "top-left of \(size)")
            box.move(dx: Int.max, dy: Int.max)
            #expect(box.rect == PixelRect(x: size.width - side, y: size.height - side, width: side, height: side), "bottom-right of \(size)")
            box.nudge(.right, by: 5)
            box.nudge(.down)
            #expect(box.rect.maxX == size.width && box.rect.maxY == size.height)
            box.nudge(.left, by: 1_000_000)
            box.nudge(.up, by: 1_000_000)
            #expect(box.rect.origin == PixelPoint(x: 0, y: 0))
        }
    }

    @Test func nudgesMoveOneStep() {
        var box = SquareCropBox(frameSize: PixelSize(width: 1920, height: 1080))
        box.nudge(.left)
        #expect(box.rect.x == 419)
        box.nudge(.right, by: 10)
        #expect(box.rect.x == 429)
        // The full-height box cannot move vertically.
        box.nudge(.down, by: 10)
        #expect(box.rect.y == 0)
        box.zoomIn()
        let y = box.rect.y
        box.nudge(.down, by: 3)
        #expect(box.rect.y == y + 3)
        box.reset()
        #expect(box.isReset)
    }

    @Test func zoomKeepsTheAnchorAndItsLimits() {
        var box = SquareCropBox(frameSize: PixelSize(width: 4000, height: 3000))
        box.zoom(by: 2)
        #expect(box.side == 1500 && box.rect == PixelRect(x: 1250, y: 750, width: 1500, height: 1500), "zoomed around the centre")
        // Around the box's top-left corner, the corner stays.
        box.zoom(by: 1.5, around: Point2D(x: 1250, y: 750))
        #expect(box.rect == PixelRect(x: 1250, y: 750, width: 1000, height: 1000))
        for _ in 0..<100 { box.zoomIn() }
        #expect(box.side == 64)
        for _ in 0..<100 { box.zoomOut() }
        #expect(box.side == 3000 && box.rect.y == 0)
        box.setSide(10)
        #expect(box.side == 64)
        box.setSide(1_000_000)
        #expect(box.side == 3000)
        box.zoom(by: 0)
        box.zoom(by: .nan)
        #expect(box.side == 3000, "nonsense magnifications change nothing")
        let tiny = SquareCropBox(frameSize: PixelSize(width: 40, height: 30))
        #expect(tiny.minimumSide == 30 && tiny.maximumSide == 30)
    }

    @Test func restoringARectMakesItValid() {
        let size = PixelSize(width: 1000, height: 600)
        #expect(SquareCropBox(frameSize: size, rect: PixelRect(x: 10, y: 20, width: 300, height: 300)).rect == PixelRect(x: 10, y: 20, width: 300, height: 300))
        #expect(SquareCropBox(frameSize: size, rect: PixelRect(x: 900, y: -5, width: 300, height: 200)).rect == PixelRect(x: 800, y: 0, width: 200, height: 200))
        #expect(SquareCropBox(frameSize: size, rect: PixelRect(x: 0, y: 0, width: 5, height: 5)).side == 64)
        #expect(SquareCropBox(frameSize: size, rect: PixelRect(x: 0, y: 0, width: 5000, height: 5000)).rect == PixelRect(x: 0, y: 0, width: 600, height: 600))
    }

    @Test func widgetDragsBecomeFramePixels() {
        let frame = PixelSize(width: 4000, height: 3000)
        let scale = SquareCropBox.displayScale(fitting: frame, into: Size2D(width: 800, height: 800))
        #expect(scale == 0.2)
        #expect(SquareCropBox.framePixels(forWidgetDX: 10, dy: -3.1, displayScale: scale) == PixelPoint(x: 50, y: -16))
        #expect(SquareCropBox.framePixels(forWidgetDX: 10, dy: 10, displayScale: 0) == PixelPoint(x: 0, y: 0))
        var box = SquareCropBox(frameSize: frame)
        let start = box
        box.move(byWidgetDX: -100, dy: 0, displayScale: scale)
        #expect(box.rect.x == start.rect.x - 500)
        // A drag reported from its start, applied to the box as it was then, does not accumulate rounding.
        var dragged = start
        for offset in stride(from: 0.0, through: 33.3, by: 0.3) {
            dragged = start
            dragged.move(byWidgetDX: offset, dy: 0, displayScale: 3)
        }
        #expect(dragged.rect.x == start.rect.x + 11)
        #expect(box.widgetRect(displayScale: scale, frameOrigin: Point2D(x: 0, y: 100)) == Rect2D(x: 0, y: 100, width: 600, height: 600))
        #expect(SquareCropBox.framePoint(forWidgetPoint: Point2D(x: 100, y: 200), displayScale: scale, frameOrigin: Point2D(x: 0, y: 100)) == Point2D(x: 500, y: 500))
    }

    /// Random operations, on many frame sizes, never leave the box outside the frame or not square.
    @Test func randomOperationsKeepTheBoxInsideAndSquare() {
        var rng = SeededGenerator(seed: 99)
        var reachedCorner = 0
        for size in TestSizes.some + TestSizes.random(count: 60, seed: 4) {
            var box = SquareCropBox(frameSize: size, minimumSide: Int.random(in: 1...200, using: &rng))
            for _ in 0..<200 {
                let anchor = Point2D(x: Double.random(in: -100...Double(size.width + 100), using: &rng),
                                     y: Double.random(in: -100...Double(size.height + 100), using: &rng))
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: box.move(dx: Int.random(in: -size.width...size.width, using: &rng), dy: Int.random(in: -size.height...size.height, using: &rng))
                case 1: box.nudge(NudgeDirection.allCases.randomElement(using: &rng)!, by: Int.random(in: 1...50, using: &rng))
                case 2: box.zoom(by: Double.random(in: 0.2...5, using: &rng), around: anchor)
                case 3: box.zoomIn(around: anchor)
                case 4: box.zoomOut(around: anchor)
                case 5: box.setSide(Int.random(in: -10...70_000, using: &rng), around: Bool.random(using: &rng) ? anchor : nil)
                case 6: box.move(byWidgetDX: Double.random(in: -500...500, using: &rng), dy: Double.random(in: -500...500, using: &rng),
                                 displayScale: Double.random(in: 0.01...4, using: &rng))
                default: box.reset()
                }
                #expect(Self.isValid(box), "\(box.rect) in \(size)")
                if box.rect.x == 0 && box.rect.y == 0 { reachedCorner += 1 }
            }
        }
        #expect(reachedCorner > 0)
    }
}
