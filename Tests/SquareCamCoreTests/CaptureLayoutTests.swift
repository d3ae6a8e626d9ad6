import SquareCamCore
import Testing

/// The capture pages' layout at the sizes people use: phones upright and on
/// their side, and desktop windows.
@Suite struct CaptureLayoutTests {
    /// Live page controls: about 96 pt tall in a row, 120 pt wide in a column.
    static func live(_ width: Double, _ height: Double) -> CaptureLayout {
        CaptureLayout(space: Size2D(width: width, height: height), controlsBelow: 96, controlsBeside: 120)
    }

    @Test func aPhoneHeldUprightGetsAFullWidthSquareWithItsControlsRightBelow() {
        // 360×720 minus a 46 pt header bar.
        let layout = Self.live(360, 674)
        #expect(layout.arrangement == .stacked)
        #expect(layout.picture.width == 360 && layout.picture.height == 360 && layout.picture.x == 0)
        #expect(layout.controls.y == layout.picture.maxY, "controls sit right under the picture")
        #expect(layout.controls.height >= 96 && layout.controls.maxY == 674)
        // The group is centred: as much space above the picture as below the controls' row.
        #expect(abs(layout.picture.y - (674 - layout.picture.maxY - 96)) <= 1)
    }

    @Test func aPhoneOnItsSideGetsControlsBeside() {
        let layout = Self.live(720, 314)
        #expect(layout.arrangement == .sideBySide)
        #expect(layout.picture.width == 314 && layout.picture.height == 314 && layout.picture.y == 0)
        #expect(layout.controls.x == layout.picture.maxX && layout.controls.width >= 120 && layout.controls.height == 314)
    }

    @Test func desktopWindows() {
        #expect(Self.live(600, 714).arrangement == .stacked)
        let wide = Self.live(1280, 854)
        #expect(wide.arrangement == .sideBySide && wide.picture.width == 854)
    }

    @Test(arguments: [(360.0, 674.0), (720, 314), (600, 714), (1280, 854), (480, 480), (200, 900), (900, 200), (0, 0)])
    func theRectanglesNeverOverlapOrLeaveTheSpace(_ size: (Double, Double)) {
        let layout = Self.live(size.0, size.1)
        for rect in [layout.picture, layout.controls] {
            #expect(rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0)
            #expect(rect.maxX <= size.0 + 0.001 && rect.maxY <= size.1 + 0.001, "\(layout) leaves \(size)")
        }
        #expect(layout.picture.width == layout.picture.height, "the picture is square: \(layout)")
        switch layout.arrangement {
        case .stacked: #expect(layout.controls.y >= layout.picture.maxY)
        case .sideBySide: #expect(layout.controls.x >= layout.picture.maxX)
        }
    }

    @Test func theLargerPictureWins() {
        for width in stride(from: 300.0, through: 1400, by: 50) {
            for height in stride(from: 300.0, through: 1400, by: 50) {
                let chosen = Self.live(width, height)
                let other = CaptureLayout(arrangement: chosen.arrangement == .stacked ? .sideBySide : .stacked,
                                          space: Size2D(width: width, height: height),
                                          controlsThickness: chosen.arrangement == .stacked ? 120 : 96)
                #expect(chosen.picture.width >= other.picture.width, "\(width)x\(height): \(chosen) vs \(other)")
            }
        }
    }

    @Test func theEditorsCanvasTakesAllTheRest() {
        let layout = CaptureLayout(space: Size2D(width: 360, height: 674), controlsBelow: 150, controlsBeside: 200, squarePicture: false)
        #expect(layout.arrangement == .stacked)
        #expect(layout.picture == Rect2D(x: 0, y: 0, width: 360, height: 524))
        #expect(layout.controls == Rect2D(x: 0, y: 524, width: 360, height: 150))
    }
}
