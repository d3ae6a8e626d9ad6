import SquareCamAppleLogic
import SquareCamCore
import Testing

struct RotationAndPreviewTests {
    @Test func onlyTheFrontCamerasPreviewIsMirrored() {
        #expect(CaptureRotation.previewIsMirrored(.front))
        for facing in [CameraFacing.back, .external, .virtual] {
            #expect(!CaptureRotation.previewIsMirrored(facing))
        }
    }

    @Test(arguments: [(0.0, 0), (90.0, 90), (89.6, 90), (180.0, 180), (270.0, 270), (360.0, 0), (-90.0, 270), (44.0, 0), (46.0, 90), (Double.nan, 0)])
    func anglesSnapToTheNearestQuarterTurn(angle: Double, turn: Int) {
        #expect(CaptureRotation.quarterTurn(clockwiseDegrees: angle) == turn)
    }

    @Test func aPortraitPhotoFromTheSensorsLandscapeBufferIsTurnedAndNeverMirrored() {
        #expect(CaptureRotation.photoOrientation(clockwiseDegrees: 90) == .right)
        #expect(CaptureRotation.photoOrientation(clockwiseDegrees: 0) == .up)
        #expect(CaptureRotation.photoOrientation(clockwiseDegrees: 180) == .down)
        #expect(CaptureRotation.photoOrientation(clockwiseDegrees: 270) == .left)
        for angle in stride(from: 0.0, to: 360, by: 90) {
            #expect(!CaptureRotation.photoOrientation(clockwiseDegrees: angle).isMirrored)
        }
    }

    @Test(arguments: Orientation.allCases)
    func aSquarePreviewShowsTheCentredSquareOfTheUprightFrame(orientation: Orientation) {
        for buffer in [PixelSize(width: 1920, height: 1440), PixelSize(width: 4032, height: 3024), PixelSize(width: 641, height: 480), PixelSize(width: 500, height: 500)] {
            let visible = PreviewGeometry.visibleRect(bufferSize: buffer, orientation: orientation, previewSize: Size2D(width: 393, height: 393))
            let upright = orientation.displayedSize(forStored: buffer)
            #expect(visible == orientation.storedRect(forDisplayed: upright.centeredSquare, storedSize: buffer))
            #expect(visible.isSquare && visible.width == buffer.shortSide)
        }
    }

    @Test func aTallPreviewShowsTheFramesFullHeight() {
        // A 1920×1440 buffer turned to portrait (1440×1920) in a 9:16 preview: full height, trimmed sides.
        let visible = PreviewGeometry.visibleRect(bufferSize: PixelSize(width: 1920, height: 1440), orientation: .right,
                                                  previewSize: Size2D(width: 900, height: 1600))
        // 1920 × 9/16 = 1080 displayed columns, centred: displayed x 180..<1260 are stored rows.
        #expect(visible == PixelRect(x: 0, y: 180, width: 1920, height: 1080))
    }

    @Test func anEmptyPreviewShowsNothing() {
        #expect(PreviewGeometry.visibleRect(bufferSize: PixelSize(width: 640, height: 480), orientation: .up, previewSize: Size2D(width: 0, height: 0)).isEmpty)
    }
}
