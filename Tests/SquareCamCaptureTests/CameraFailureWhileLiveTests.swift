@testable import SquareCamCapture
import SquareCamCore
import Synchronization
import Testing

extension LiveCameraTests {
    /// The error v4l2src posts when its device is unplugged, posted on a live
    /// camera's real bus: the failure handler hears "disconnected" once, the
    /// camera stops holding frames, and its pipeline is freed.
    @Test func unplugWhileStreamingReportsDisconnectedOnce() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30))
        let failures = Mutex<[CameraFailure]>([])
        camera.setFailureHandler { failure in failures.withLock { $0.append(failure) } }
        try await camera.start()
        let ledger = PipelineLedger()
        ledger.observe(camera)
        let unplugged = PipelineErrorReport(
            domain: .resource, code: PipelineErrorReport.resourceRead, message: "Could not read from resource.",
            debug: "gstv4l2bufferpool.c(1040): gst_v4l2_buffer_pool_poll (): poll error 1: No such device (19)", sourceName: "v4l2src0")
        do {
            let pipeline = try #require(camera.state.withLock { $0.pipeline })
            PipelineBus.postError(unplugged, on: pipeline)
            PipelineBus.postError(unplugged, on: pipeline)
        }
        let heard = await CaptureTestSupport.wait(upTo: 5) { failures.withLock { !$0.isEmpty } }
        #expect(heard)
        #expect(failures.withLock { $0 } == [.disconnected(camera: "Test pattern")])
        await #expect(throws: CameraFailure.disconnected(camera: "Test pattern")) { try await camera.capturePhoto() }
        #expect(!camera.isLive)
        let freed = await CaptureTestSupport.wait(upTo: CaptureTestSupport.teardownSeconds) { ledger.allFreed }
        #expect(freed)
        // Plugged back in: the same camera starts again.
        try await camera.start()
        #expect(try await camera.capturePhoto().size == PixelSize(width: 320, height: 240))
        await camera.stop()
    }
}
