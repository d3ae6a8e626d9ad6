import Foundation
@testable import SquareCamCapture
import SquareCamCore
import SquareCamImaging
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

        // The file is decoded by SquareCamImaging and passes the pipeline as
        // RGB: the camera's frame is the decoder's, byte for byte.
        let reference = try JPEGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).frame
        #expect(reference.size == photo.size)
        #expect(reference.planes[0].bytes == photo.planes[0].bytes)
    }

    /// GStreamer here has no HEIF decoder; the camera reads HEIF as crop does, upright from libheif.
    @Test func fileCameraShowsAHEIFImage() async throws {
        let path = CaptureTestSupport.fixture("heif/example.heic")
        let photo = try await stillOfFile(path)
        let reference = try HEIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).frame
        #expect(photo.size == reference.size)
        #expect(photo.planes[0].bytes == reference.planes[0].bytes)
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

    /// A file that is no image fails before any pipeline is built, saying so.
    @Test func garbageFileIsATypedErrorAtOnce() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-garbage-\(getpid()).jpg").path
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let camera = try GStreamerCamera(spec: .file(path: path))
        await #expect { try await camera.start() } throws: { error in
            guard case .failed(_, let detail) = error as? CameraFailure else { return false }
            return detail.hasPrefix("it is not a JPEG, PNG or HEIF/HEIC image")
        }
        await #expect(throws: CameraFailure.self) { try await camera.capturePhoto() }
        #expect(camera.state.withLock { $0.pipeline } == nil)
    }

    /// libjpeg would fill the missing part with grey; the camera refuses the file instead.
    @Test(arguments: [600, 3000])
    func truncatedJPEGIsATypedError(keptBytes: Int) async throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: CaptureTestSupport.fixture("orientation/Landscape_1.jpg")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-truncated-\(getpid())-\(keptBytes).jpg").path
        try original.prefix(keptBytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let camera = try GStreamerCamera(spec: .file(path: path))
        await #expect { try await camera.start() } throws: { error in
            guard case .failed(_, let detail) = error as? CameraFailure else { return false }
            return detail.hasPrefix("the image is damaged")
        }
        #expect(camera.state.withLock { $0.pipeline } == nil)
    }
}
