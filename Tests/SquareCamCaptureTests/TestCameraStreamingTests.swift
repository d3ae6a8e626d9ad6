@testable import SquareCamCapture
import SquareCamCore
import Testing

/// Every test that streams runs in this one serialized suite: the machine has
/// two cores, and the leak checks count threads.
@Suite(.serialized) struct LiveCameraTests {}

extension LiveCameraTests {
    @Test(arguments: [(1920, 1080, 30), (3840, 2160, 30), (640, 480, 15)])
    func testCameraPhotoIsTheFullFrameWithThePatternsColours(width: Int, height: Int, rate: Int) async throws {
        let size = PixelSize(width: width, height: height)
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: rate))
        try await camera.start()
        let photo = try await camera.capturePhoto()
        let rgb = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()

        #expect(photo.size == size && photo.layout == .i420)
        #expect(photo.planes[0].bytes.count == width * height)
        #expect(photo.planes[1].bytes.count == (width + 1) / 2 * ((height + 1) / 2))
        #expect(rgb.size == size && rgb.layout == .rgb)
        #expect(camera.activeMode == CameraMode(size: size, framesPerSecond: Double(rate), format: "I420"))
        for (index, colour) in TestPattern.barColours.enumerated() {
            let centre = TestPattern.barCentre(index, in: size)
            let fromRGB = CaptureTestSupport.rgb(rgb, x: centre.x, y: centre.y)
            let fromI420 = CaptureTestSupport.rgbFromI420(photo, x: centre.x, y: centre.y)
            #expect(CaptureTestSupport.isClose(fromRGB, colour, tolerance: 10), "bar \(index) rgb \(fromRGB)")
            #expect(CaptureTestSupport.isClose(fromI420, colour, tolerance: 8), "bar \(index) i420 \(fromI420)")
        }
    }

    @Test func testCameraFramesMoveOverTime() async throws {
        let size = PixelSize(width: 640, height: 480)
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: 30))
        try await camera.start()
        let first = try await camera.capturePhoto(layout: .gray)
        let moved = try await CaptureTestSupport.wait(upTo: 3) {
            try await camera.capturePhoto(layout: .gray).planes[0].bytes != first.planes[0].bytes
        }
        let second = try await camera.capturePhoto(layout: .gray)
        await camera.stop()
        #expect(moved, "the pattern did not change within 3 s")
        // Only the snow in the corner changes; the bars stay put.
        let box = TestPattern.changingRegion(for: size)
        for y in stride(from: 0, to: size.height, by: 4) {
            for x in stride(from: 0, to: size.width, by: 4) where !(x >= box.x && y >= box.y) {
                let offset = y * first.planes[0].stride + x
                if first.planes[0].bytes[offset] != second.planes[0].bytes[offset] {
                    Issue.record("pixel \(x),\(y) outside the changing corner \(box) changed: \(first.planes[0].bytes[offset]) → \(second.planes[0].bytes[offset])")
                    return
                }
            }
        }
    }

    @Test func viewfinderDeliversTheCentreSquareAsTheScreenTakesIt() async throws {
        let size = PixelSize(width: 1920, height: 1080)
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: 30))
        let frames = PictureCollector()
        camera.setViewfinder(side: 240, mirrored: false) { frames.receive($0) }
        try await camera.start()
        let arrived = await CaptureTestSupport.wait(upTo: 5) { frames.count > 0 }
        #expect(arrived, "no viewfinder frame within 5 s")
        let picture = try #require(frames.last)
        #expect(picture.size == PixelSize(width: 240, height: 240) && picture.stride == 240 * 4 && !picture.mirrored)
        // The centre square spans x 420..<1500 of the frame: bars 1 (yellow) to 5 (red).
        let square = (x: (size.width - size.height) / 2, side: size.height)
        func expectBars(in picture: ScreenPicture, mirrored: Bool) {
            let side = picture.size.width
            for index in 1...5 {
                // The middle of the part of bar `index` inside the square (on the other side, mirrored).
                let left = max(index * size.width / 7, square.x), right = min((index + 1) * size.width / 7, square.x + square.side)
                let x = ((left + right) / 2 - square.x) * side / square.side
                let y = TestPattern.barCentre(index, in: size).y * side / square.side
                let pixel = CaptureTestSupport.rgb(picture, x: mirrored ? side - 1 - x : x, y: y)
                #expect(CaptureTestSupport.isClose(pixel, TestPattern.barColours[index], tolerance: 12),
                        "bar \(index)\(mirrored ? " mirrored" : ""): \(pixel)")
                #expect(CaptureTestSupport.alpha(picture, x: x, y: y) == 255, "opaque alpha")
            }
        }
        expectBars(in: picture, mirrored: false)

        // A new side while streaming applies from the next frames, and the
        // stream stays alive (no caps are renegotiated).
        frames.clear()
        camera.setViewfinder(side: 100, mirrored: false) { frames.receive($0) }
        let resized = await CaptureTestSupport.wait(upTo: 5) { frames.count > 2 && frames.last?.size == PixelSize(width: 100, height: 100) }
        #expect(resized, "viewfinder frames did not follow the side change: \(String(describing: frames.last?.size))")
        #expect(camera.isLive)

        // Mirrored (a selfie view), from the next frames: the bars run the other way.
        frames.clear()
        camera.setViewfinder(side: 100, mirrored: true) { frames.receive($0) }
        let flipped = await CaptureTestSupport.wait(upTo: 5) { frames.count > 2 && frames.last?.mirrored == true }
        #expect(flipped, "the viewfinder did not turn mirrored")
        if let mirroredPicture = frames.last { expectBars(in: mirroredPicture, mirrored: true) }

        // nil stops delivery.
        camera.setViewfinder(side: 100, mirrored: false, handler: nil)
        try await Task.sleep(for: .milliseconds(100))
        frames.clear()
        let photo = try await camera.capturePhoto()
        await camera.stop()
        #expect(frames.count == 0)
        #expect(photo.size == size, "the still keeps full resolution whatever the viewfinder does")
    }

    @Test func portraitCameraViewfinderIsSquareToo() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 480, height: 640), framesPerSecond: 30))
        let frames = PictureCollector()
        camera.setViewfinder(side: 64, mirrored: false) { frames.receive($0) }
        try await camera.start()
        let arrived = await CaptureTestSupport.wait(upTo: 5) { frames.count > 0 }
        await camera.stop()
        #expect(arrived)
        #expect(frames.last?.size == PixelSize(width: 64, height: 64))
    }

    @Test func skippedWarmUpFramesAreCountedAndTheCameraStillStarts() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 60),
                                         configuration: CameraConfiguration(skipFrames: 6))
        try await camera.start()
        let timings = try #require(camera.timings)
        await camera.stop()
        #expect(timings.skippedFrames == 6)
        // Six frames at 60 fps take at least 80 ms after the first.
        #expect(timings.launchToFirstFrameMilliseconds >= 80)
        #expect(timings.launchToPlayingMilliseconds <= timings.launchToFirstFrameMilliseconds)
    }

    @Test func captureWhenNotStartedIsATypedError() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description)
        await #expect(throws: CameraFailure.self) { try await camera.capturePhoto() }
        try await camera.start()
        _ = try await camera.capturePhoto()
        await camera.stop()
        await camera.stop()
        await #expect(throws: CameraFailure.self) { try await camera.capturePhoto() }
        #expect(!camera.isLive)
    }

    @Test func startingTwiceIsRefusedAndRestartWorks() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30))
        try await camera.start()
        await #expect(throws: CameraFailure.self) { try await camera.start() }
        await camera.stop()
        try await camera.start()
        #expect(try await camera.capturePhoto().size == PixelSize(width: 320, height: 240))
        await camera.stop()
    }

    @Test func startAndStopTwentyTimesLeaksNoPipelineOrThread() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 640, height: 480), framesPerSecond: 30))
        let frames = PictureCollector()
        camera.setViewfinder(side: 64, mirrored: false) { frames.receive($0) }
        let ledger = PipelineLedger()
        try await camera.start()
        ledger.observe(camera)
        await camera.stop()
        let namesAfterFirst = CaptureTestSupport.threadNames
        let threadsAfterFirst = namesAfterFirst.count
        for _ in 0..<20 {
            try await camera.start()
            ledger.observe(camera)
            _ = try await camera.capturePhoto()
            await camera.stop()
        }
        let freed = await CaptureTestSupport.wait(upTo: CaptureTestSupport.teardownSeconds) { ledger.allFreed }
        #expect(ledger.observedCount == 21)
        #expect(freed, "\(ledger.observedCount - ledger.freedCount) pipelines not freed")
        // Each pipeline runs about five streaming threads: a leak would add ~100
        // for good. GLib keeps a few idle pool threads, and other suites' cameras
        // come and go in this process: their threads are waited out, a leak's never are.
        // libdispatch's workers are not counted (see threadNames).
        var threadsAfterAll = 0
        _ = await CaptureTestSupport.wait(upTo: 10) {
            threadsAfterAll = CaptureTestSupport.threadNames.count
            return threadsAfterAll - threadsAfterFirst < 12
        }
        #expect(threadsAfterAll - threadsAfterFirst < 12, """
            threads \(threadsAfterFirst) → \(threadsAfterAll), added: \
            \(CaptureTestSupport.addedThreads(namesAfterFirst, CaptureTestSupport.threadNames))
            """)
        frames.clear()
        try await Task.sleep(for: .milliseconds(50))
        #expect(frames.count == 0, "no viewfinder frame after stop")
    }

    @Test func launchToFirstFrameIsMeasured() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description)
        try await camera.start()
        let timings = try #require(camera.timings)
        await camera.stop()
        #expect(timings.launchToFirstFrameMilliseconds > 0)
        #expect(timings.skippedFrames == 0)
    }
}

extension LiveCameraTests {
    @Test func stopWhileStartingEndsTheStartAndLeavesNothingRunning() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 5),
                                         configuration: CameraConfiguration(skipFrames: 50))
        let starting = Task { try await camera.start() }
        // Fifty skipped frames at 5 fps take ten seconds: stop long before.
        let ledger = PipelineLedger()
        #expect(await CaptureTestSupport.wait(upTo: 2) { ledger.observe(camera) }, "no pipeline was built")
        await camera.stop()
        await #expect(throws: CameraFailure.self) { try await starting.value }
        #expect(!camera.isLive)
        let freed = await CaptureTestSupport.wait(upTo: CaptureTestSupport.teardownSeconds) { ledger.allFreed }
        #expect(freed)
    }
}

/// How old the latest frame may be at the shutter before the camera counts as
/// stopped: three frame intervals, never under 2 s (the stall itself is tested
/// with a frozen PipeWire in PortalCLITests).
@Test(arguments: [(30.0, 2.0), (1.0, 3.0), (0.5, 6.0), (0.0, 2.0)])
func aFrameIsStaleAfterThreeIntervalsAndAtLeastTwoSeconds(framesPerSecond: Double, seconds: Double) {
    #expect(StallWatch.staleFrameLimit(framesPerSecond: framesPerSecond) == .seconds(seconds))
}
