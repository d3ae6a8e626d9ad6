@testable import SquareCamCapture
import Dispatch
import SquareCamCore
import Synchronization
import Testing

/// The analysis branch on a streaming camera (in the one serialized suite of streaming tests).
extension LiveCameraTests {
    /// Gray, the whole frame (not only the square), at most 960 px long, and
    /// the camera frame's size to place what is found.
    @Test func analysersGetTheWholeFrameGrayAndScaledDown() async throws {
        let size = PixelSize(width: 1920, height: 1080)
        let camera = try GStreamerCamera(
            description: TestCamera.description(size: size, framesPerSecond: 30),
            configuration: CameraConfiguration(purpose: .analysis, analysis: true))
        let frames = Mutex<[AnalysisFrame]>([])
        camera.setAnalyser(FrameAnalyser(name: "test", framesPerSecond: 5) { frame in frames.withLock { $0.append(frame) } })
        try await camera.start()
        let arrived = await CaptureTestSupport.wait(upTo: 5) { !frames.withLock { $0.isEmpty } }
        await camera.stop()
        #expect(arrived, "no analysis frame within 5 s")
        let frame = try #require(frames.withLock { $0.first })
        #expect(frame.frame.layout == .gray && frame.frame.size == PixelSize(width: 960, height: 540))
        #expect(frame.cameraFrameSize == size && frame.scale == 2)
        // The seven bars get darker from left to right, the first and last
        // lying outside the centre square: all of them are there.
        let plane = frame.frame.planes[0]
        let lumas = (0..<7).map { index -> Int in
            let centre = TestPattern.barCentre(index, in: size)
            return Int(plane.bytes[(centre.y / 2) * plane.stride + centre.x / 2])
        }
        #expect(zip(lumas, lumas.dropFirst()).allSatisfy { $0 > $1 }, "bar lumas \(lumas)")
    }

    /// An analyser stuck on one frame holds up neither the viewfinder nor
    /// the photos: their frames keep coming while it gets no other.
    @Test func aStuckAnalyserHoldsUpNeitherViewfinderNorPhotos() async throws {
        let camera = try GStreamerCamera(
            description: TestCamera.description(size: PixelSize(width: 640, height: 480), framesPerSecond: 30),
            configuration: CameraConfiguration(purpose: .live, analysis: true))
        let viewfinderFrames = Mutex(0), analysed = Mutex(0)
        let release = DispatchSemaphore(value: 0)
        camera.setViewfinder(side: 120, mirrored: false) { _ in viewfinderFrames.withLock { $0 += 1 } }
        camera.setAnalyser(FrameAnalyser(name: "stuck", framesPerSecond: 10) { _ in
            if analysed.withLock({ $0 += 1; return $0 }) == 1 { release.wait() }
        })
        try await camera.start()
        let stuck = await CaptureTestSupport.wait(upTo: 5) { analysed.withLock { $0 } == 1 }
        let before = viewfinderFrames.withLock { $0 }
        let stuckAt = ContinuousClock.now
        let viewfinderGoesOn = await CaptureTestSupport.wait(upTo: 5) { viewfinderFrames.withLock { $0 } >= before + 30 }
        let photo = try await camera.capturePhoto(arrivedAfter: stuckAt, layout: .gray)
        let analysedWhileStuck = analysed.withLock { $0 }
        release.signal()
        let resumed = await CaptureTestSupport.wait(upTo: 5) { analysed.withLock { $0 } >= 2 }
        await camera.stop()
        #expect(stuck, "the analyser got no frame within 5 s")
        #expect(viewfinderGoesOn, "the viewfinder got \(viewfinderFrames.withLock { $0 } - before) frames while the analyser was stuck")
        #expect(photo.arrived > stuckAt)
        #expect(analysedWhileStuck == 1)
        #expect(resumed, "the analyser got no new frame once free")
    }
}
