@testable import SquareCamCapture
import SquareCamCore
import Testing

/// `capturePhoto(arrivedAfter:)`: a series of photos gets a new frame each time, waited for, never polled.
extension LiveCameraTests {
    @Test func aPhotoAfterAnotherIsOfANewerFrame() async throws {
        let size = PixelSize(width: 160, height: 120)
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: 30))
        try await camera.start()
        let first = try await camera.capturePhoto(arrivedAfter: nil, layout: .gray)
        let second = try await camera.capturePhoto(arrivedAfter: first.arrived, layout: .gray)
        await camera.stop()
        #expect(second.arrived > first.arrived)
        let interval = try #require(second.timestamp) - #require(first.timestamp)
        #expect(interval >= .nanoseconds(1_000_000_000 / 30), "frames \(interval) apart")
        // Only the snow corner changes from frame to frame.
        let box = TestPattern.changingRegion(for: size)
        let changed = (box.y..<box.maxY).contains { y in
            (box.x..<box.maxX).contains { x in
                first.frame.planes[0].bytes[y * first.frame.planes[0].stride + x] != second.frame.planes[0].bytes[y * second.frame.planes[0].stride + x]
            }
        }
        #expect(changed, "the second photo is the first frame again")
    }

    /// No frame can arrive after an hour from now: only stop() ends the wait.
    @Test func waitingForANewFrameEndsWhenTheCameraStops() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 64, height: 48), framesPerSecond: 5))
        try await camera.start()
        let waiting = Task { try await camera.capturePhoto(arrivedAfter: .now + .seconds(3600), layout: .gray) }
        await camera.stop()
        await #expect(throws: CameraFailure.self) { try await waiting.value }
    }

    @Test func waitingForANewFrameEndsWhenCancelled() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 64, height: 48), framesPerSecond: 5))
        try await camera.start()
        let waiting = Task { try await camera.capturePhoto(arrivedAfter: .now + .seconds(3600), layout: .gray) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(camera.isLive, "a cancelled photo leaves the camera running")
        await camera.stop()
    }
}
