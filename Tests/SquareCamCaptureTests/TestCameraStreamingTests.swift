@testable import SquareCamCapture
import SquareCamCore
import Testing

@Suite(.serialized) struct TestCameraStreamingTests {
    @Test func startsAndCapturesFullFrame() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description)
        try await camera.start()
        let photo = try await camera.capturePhoto()
        #expect(photo.size == PixelSize(width: 1920, height: 1080))
        #expect(photo.layout == .i420)
        print("timings", camera.timings as Any, camera.activeMode as Any)
        await camera.stop()
    }
}
