import SquareCamCapture
import SquareCamCore
import Testing

/// `FrameScaling`: a region of a photo the app holds, scaled for display in one pass.
@Suite struct FrameScalingTests {
    @Test func photoRegionBecomesAnRGBASquareWithThePatternsColours() async throws {
        let size = PixelSize(width: 1280, height: 720)
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: 30))
        try await camera.start()
        let photo = try await camera.capturePhoto()
        await camera.stop()
        #expect(photo.layout == .i420)
        // The left half of the frame: bars 0 (grey) to 3 (green) and a half.
        let region = PixelRect(x: 0, y: 0, width: 640, height: 720)
        let scaled = try #require(FrameScaling.rgba(of: photo, region: region, size: PixelSize(width: 160, height: 180)))
        #expect(scaled.size == PixelSize(width: 160, height: 180) && scaled.layout == .rgba)
        for index in 0...2 {
            let centre = TestPattern.barCentre(index, in: size)
            let pixel = CaptureTestSupport.rgb(scaled, x: centre.x * 160 / 640, y: centre.y * 180 / 720)
            #expect(CaptureTestSupport.isClose(pixel, TestPattern.barColours[index], tolerance: 12), "bar \(index): \(pixel)")
        }
        #expect(scaled.planes[0].bytes[3] == 255, "opaque alpha")
    }

    @Test func regionOutsideTheFrameIsRefused() {
        let frame = Frame(size: PixelSize(width: 4, height: 4), layout: .rgba,
                          planes: [Frame.Plane(bytes: [UInt8](repeating: 200, count: 64), stride: 16)])
        #expect(FrameScaling.rgba(of: frame, region: PixelRect(x: 2, y: 0, width: 4, height: 4), size: PixelSize(width: 2, height: 2)) == nil)
        let whole = FrameScaling.rgba(of: frame, region: frame.size.bounds, size: PixelSize(width: 2, height: 2))
        #expect(whole?.planes[0].bytes.prefix(3).allSatisfy { abs(Int($0) - 200) <= 1 } == true)
    }
}
