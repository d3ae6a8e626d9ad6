import Foundation
@testable import SquareCamCapture
import SquareCamCore
import Testing

extension LiveCameraTests {
    @Test func fileCameraShowsTheImagesPixels() async throws {
        let path = CaptureTestSupport.fixture("orientation/Landscape_1.jpg")
        let camera = try GStreamerCamera(spec: .file(path: path))
        #expect(camera.cameraDescription.facing == .virtual)
        #expect(camera.cameraDescription.name == "Landscape_1.jpg")
        try await camera.start()
        let photo = try await camera.capturePhoto(layout: .rgb)
        let again = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()
        #expect(photo.size == PixelSize(width: 600, height: 400))
        #expect(photo.planes[0].bytes == again.planes[0].bytes, "a still image stays still")

        // The same file decoded by a plain GStreamer pipeline, no camera machinery.
        let reference = try decodeWithGStreamer(path)
        #expect(reference.size == photo.size)
        var total = 0
        var samples = 0
        for y in stride(from: 0, to: 400, by: 13) {
            for x in stride(from: 0, to: 600, by: 14) {
                let a = CaptureTestSupport.rgb(photo, x: x, y: y), b = CaptureTestSupport.rgb(reference, x: x, y: y)
                total += abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)
                samples += 3
            }
        }
        #expect(Double(total) / Double(samples) < 1.0)
    }

    @Test func rotatedFileIsShownUpright() async throws {
        // Landscape_N.jpg are stored turned by Orientation N; upright, each is
        // the picture of Landscape_1.jpg.
        let upright = try await stillOfFile(CaptureTestSupport.fixture("orientation/Landscape_1.jpg"))
        for value in [3, 6, 8, 5] {
            let photo = try await stillOfFile(CaptureTestSupport.fixture("orientation/Landscape_\(value).jpg"))
            #expect(photo.size == PixelSize(width: 600, height: 400), "Landscape_\(value).jpg")
            guard photo.size == upright.size else { continue }
            var total = 0, samples = 0
            for y in stride(from: 5, to: 400, by: 18) {
                for x in stride(from: 5, to: 600, by: 20) {
                    let a = CaptureTestSupport.rgb(photo, x: x, y: y), b = CaptureTestSupport.rgb(upright, x: x, y: y)
                    total += abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)
                    samples += 3
                }
            }
            // Each file was re-encoded after turning: JPEG loss, not a turned picture.
            #expect(Double(total) / Double(samples) < 12, "Landscape_\(value).jpg differs by \(Double(total) / Double(samples))")
        }
    }

    private func stillOfFile(_ path: String) async throws -> Frame {
        let camera = try GStreamerCamera(spec: .file(path: path))
        try await camera.start()
        let photo = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()
        return photo
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
        let freed = await CaptureTestSupport.wait(upTo: CaptureTestSupport.teardownSeconds) { camera.pipelineLedger.finalizedCount == 1 }
        #expect(freed, "the failed pipeline was freed")
    }

    @Test func truncatedJPEGIsATypedErrorOrAPicture() async throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: CaptureTestSupport.fixture("orientation/Landscape_1.jpg")))
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

struct ImageFileOrientationTests {
    @Test func readsEveryOrientationOfTheFixtures() throws {
        for value in 0...8 {
            let path = CaptureTestSupport.fixture("orientation/Landscape_\(value).jpg")
            // Landscape_0.jpg carries the invalid value 0, read as 1.
            #expect(ImageFileOrientation.read(path: path) == max(1, value), "Landscape_\(value).jpg")
        }
    }

    @Test func bytesThatAreNotAJPEGWithEXIFReadAsOne() {
        #expect(ImageFileOrientation.orientation(inJPEG: []) == 1)
        #expect(ImageFileOrientation.orientation(inJPEG: [0x89, 0x50, 0x4E, 0x47, 0, 0]) == 1)
        #expect(ImageFileOrientation.orientation(inJPEG: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40, 0x45]) == 1)
        // A little-endian TIFF header with Orientation 8.
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]
        let app1 = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1 + [0xFF, 0xD9]
        #expect(ImageFileOrientation.orientation(inJPEG: jpeg) == 8)
    }

    @Test func eachOrientationTurnsUpright() {
        #expect((1...8).map(ImageFileOrientation.videoDirection) == ["identity", "horiz", "180", "vert", "ul-lr", "90r", "ur-ll", "90l"])
    }
}
