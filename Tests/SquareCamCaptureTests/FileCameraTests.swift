import Foundation
@testable import SquareCamCapture
import SquareCamCore
import Testing

extension LiveCameraTests {
    @Test func fileCameraShowsTheImagesPixels() async throws {
        guard let corpora = CaptureTestSupport.corporaDirectory else {
            print("skipped: ../shared/corpora is not there")
            return
        }
        let path = corpora.appendingPathComponent("orientation/Landscape_1.jpg").path
        let camera = try GStreamerCamera(spec: .file(path: path))
        #expect(camera.cameraDescription.facing == .virtual)
        #expect(camera.cameraDescription.name == "Landscape_1.jpg")
        try await camera.start()
        let photo = try await camera.capturePhoto(layout: .rgb)
        let again = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()
        #expect(photo.size == PixelSize(width: 1800, height: 1200))
        #expect(photo.planes[0].bytes == again.planes[0].bytes, "a still image stays still")

        // The same file decoded by a plain GStreamer pipeline, no camera machinery.
        let reference = try decodeWithGStreamer(path)
        #expect(reference.size == photo.size)
        var total = 0
        var samples = 0
        for y in stride(from: 0, to: 1200, by: 37) {
            for x in stride(from: 0, to: 1800, by: 41) {
                let a = CaptureTestSupport.rgb(photo, x: x, y: y), b = CaptureTestSupport.rgb(reference, x: x, y: y)
                total += abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)
                samples += 3
            }
        }
        #expect(Double(total) / Double(samples) < 1.0)
    }

    @Test func rotatedFileIsShownUpright() async throws {
        guard let corpora = CaptureTestSupport.corporaDirectory else {
            print("skipped: ../shared/corpora is not there")
            return
        }
        // Landscape_6.jpg is stored 1200x1800 with Orientation 6; upright it is 1800x1200.
        let camera = try GStreamerCamera(spec: .file(path: corpora.appendingPathComponent("orientation/Landscape_6.jpg").path))
        try await camera.start()
        let photo = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()
        #expect(photo.size == PixelSize(width: 1800, height: 1200))
    }

    @Test func missingFileIsATypedErrorAtOnce() async throws {
        let camera = try GStreamerCamera(spec: .file(path: "/nonexistent/squarecam.jpg"))
        do {
            try await camera.start()
            Issue.record("a missing file started")
        } catch let failure as CameraFailure {
            guard case .failed(let name, let detail) = failure else { Issue.record("\(failure)"); return }
            #expect(name == "squarecam.jpg")
            #expect(detail.contains("no file at /nonexistent/squarecam.jpg"))
        }
    }

    @Test func garbageFileIsATypedErrorWithoutHanging() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-garbage-\(getpid()).jpg").path
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let camera = try GStreamerCamera(spec: .file(path: path), configuration: CameraConfiguration(firstFrameTimeoutSeconds: 20))
        let started = ContinuousClock.now
        await #expect(throws: CameraFailure.self) { try await camera.start() }
        #expect(ContinuousClock.now - started < .seconds(10), "the error should come from GStreamer, not the timeout")
        await #expect(throws: CameraFailure.self) { try await camera.capturePhoto() }
        #expect(camera.pipelineLedger.createdCount == 1)
        let freed = await CaptureTestSupport.wait(upTo: 5) { camera.pipelineLedger.finalizedCount == 1 }
        #expect(freed, "the failed pipeline was freed")
    }

    @Test func truncatedJPEGIsATypedErrorOrAPicture() async throws {
        guard let corpora = CaptureTestSupport.corporaDirectory else { return }
        let original = try Data(contentsOf: corpora.appendingPathComponent("orientation/Landscape_1.jpg"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-truncated-\(getpid()).jpg").path
        try original.prefix(600).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let camera = try GStreamerCamera(spec: .file(path: path), configuration: CameraConfiguration(firstFrameTimeoutSeconds: 20))
        let started = ContinuousClock.now
        do {
            try await camera.start()
            _ = try await camera.capturePhoto()
        } catch is CameraFailure {
            // Either outcome is fine; hanging or crashing is not.
        }
        await camera.stop()
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// filesrc ! decodebin ! videoconvert ! RGB appsink, pulled once.
    private func decodeWithGStreamer(_ path: String) throws -> Frame {
        let pipeline = try GStreamerPipeline(
            launch: "filesrc location=\(PipelineDescription.quoted(path)) ! decodebin ! videoconvert ! video/x-raw,format=RGB ! appsink name=out")
        let received = FrameCollector()
        AppSink.deliverSamples(from: pipeline, sinkNamed: "out") { sample in
            if let frame = try? sample.makeFrame(layout: .rgb) { received.receive(frame) }
        }
        #expect(pipeline.play())
        for _ in 0..<500 where received.count == 0 { usleep(10_000) }
        AppSink.stopDelivering(from: pipeline, sinkNamed: "out")
        pipeline.shutDown()
        return try #require(received.last)
    }
}
