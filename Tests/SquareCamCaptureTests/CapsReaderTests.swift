@testable import SquareCamCapture
import SquareCamCore
import Testing

/// Caps text parsed by the real GStreamer, then expanded into modes.
struct CapsReaderTests {
    private func modes(_ caps: String) -> [CameraMode] {
        CameraModeExpansion.modes(from: CapsReader.read(capsText: caps))
    }

    @Test func fixedStructuresBecomeOneModeEach() {
        let list = modes("video/x-raw, format=(string)YUY2, width=(int)640, height=(int)480, framerate=(fraction){ 30/1, 15/1 }; "
            + "image/jpeg, width=(int)1920, height=(int)1080, framerate=(fraction)30/1")
        #expect(list.map(\.description) == ["1920x1080@30 MJPG", "640x480@30 YUY2", "640x480@15 YUY2"])
    }

    @Test func rangesExpandToCommonSizesAndRatesInside() {
        let list = modes("video/x-raw, format=(string)NV12, width=(int)[ 16, 1920 ], height=(int)[ 16, 1080 ], framerate=(fraction)[ 1/1, 30/1 ]")
        let sizes = Set(list.map(\.size.description))
        #expect(sizes == ["640x480", "1280x720", "1280x960", "1920x1080"])
        #expect(Set(list.map(\.framesPerSecond)) == [15, 24, 25, 30])
    }

    @Test func fractionalAndVariableRates() {
        let list = modes("video/x-raw, format=(string)YUY2, width=(int)1280, height=(int)720, framerate=(fraction){ 30000/1001, 0/1 }")
        #expect(list.map(\.framesPerSecond).contains { abs($0 - 29.97) < 0.01 })
        #expect(!list.contains { $0.framesPerSecond == 0 })
    }

    @Test func formatListsAndUnshowableTypes() {
        let list = modes("video/x-raw, format=(string){ NV12, YUY2 }, width=(int)640, height=(int)480, framerate=(fraction)30/1; "
            + "video/x-bayer, format=(string)rggb, width=(int)3280, height=(int)2464, framerate=(fraction)15/1; "
            + "video/x-h264, width=(int)1920, height=(int)1080, framerate=(fraction)30/1")
        #expect(Set(list.map(\.format)) == ["NV12", "YUY2"])
        #expect(list.allSatisfy { $0.size == PixelSize(width: 640, height: 480) })
    }

    @Test func dmabufOnlyStructuresAreSkipped() {
        let list = modes("video/x-raw(memory:DMABuf), format=(string)NV12, width=(int)1920, height=(int)1080, framerate=(fraction)30/1; "
            + "video/x-raw, format=(string)NV12, width=(int)640, height=(int)480, framerate=(fraction)30/1")
        #expect(list.map(\.description) == ["640x480@30 NV12"])
    }
}

/// Caps whose sizes or rates are ranges: only sizes a person would pick, never
/// a range's limit taken as a mode.
extension CapsReaderTests {
    /// What `gst-device-monitor-1.0 Video/Source` printed for the camera node
    /// PipeWire 0.3.65 makes from its SPA videotestsrc (an `adapter` with
    /// media.class=Video/Source, media.role=Camera), WirePlumber 0.4.13.
    static let pipeWireTestCameraCaps = "video/x-raw, format={ (string)RGB, (string)UYVY }, width=[ 1, 2147483647 ], "
        + "height=[ 1, 2147483647 ], framerate=[ 0/1, 2147483647/1 ]"

    @Test func pipeWireTestCameraOffersCommonSizesUpToFullHD() {
        let list = modes(Self.pipeWireTestCameraCaps)
        #expect(Set(list.map(\.size.description)) == ["640x480", "1280x720", "1280x960", "1920x1080"])
        #expect(Set(list.map(\.framesPerSecond)) == [15, 24, 25, 30, 60])
        #expect(Set(list.map(\.format)) == ["RGB", "UYVY"])
    }

    @Test func aRangeEndingAtASensorSizeOffersThatSizeAndTheCommonOnesInside() {
        let list = modes("video/x-raw, format=(string)NV12, width=(int)[ 32, 2592 ], height=(int)[ 32, 1944 ], framerate=(fraction)[ 1/1, 30/1 ]")
        #expect(Set(list.map(\.size.description))
            == ["640x480", "1280x720", "1280x960", "1600x1200", "1920x1080", "2048x1536", "2560x1440", "2592x1944"])
        // The sensor's own size wins, as the largest mode at video rate of a V4L2 camera does.
        #expect(CameraModeChooser.choose(from: list) == CameraMode(size: PixelSize(width: 2592, height: 1944), framesPerSecond: 30, format: "NV12"))
    }

    @Test func squareLimitsAreNotSensorSizes() {
        // A scaler's or virtual device's stated limit, not a camera's mode.
        for limit in [8192, 16384, 65535] {
            let list = modes("video/x-raw, format=(string)YUY2, width=(int)[ 1, \(limit) ], height=(int)[ 1, \(limit) ], framerate=(fraction)30/1")
            #expect(!list.isEmpty)
            #expect(list.allSatisfy { $0.size.shortSide <= 1080 }, "limit \(limit)")
        }
        // Nothing above 16384 per side, however a range or list states it.
        let huge = modes("video/x-raw, format=(string)YUY2, width=(int)[ 1, 20000 ], height=(int)[ 1, 15000 ], framerate=(fraction)30/1; "
            + "video/x-raw, format=(string)NV12, width=(int)2147483647, height=(int)2147483647, framerate=(fraction)30/1")
        #expect(!huge.isEmpty)
        #expect(huge.allSatisfy { $0.size.width <= 16384 && $0.size.height <= 16384 })
    }

    @Test func steppedRangesOfferOnlySizesOnTheirSteps() {
        let list = modes("video/x-raw, format=(string)NV12, width=(int)[ 16, 4096, 16 ], height=(int)[ 16, 3072, 16 ], framerate=(fraction)30/1")
        #expect(!list.isEmpty)
        #expect(list.allSatisfy { $0.size.width % 16 == 0 && $0.size.height % 16 == 0 })
        #expect(!list.contains { $0.size == PixelSize(width: 1920, height: 1080) })
        #expect(list.contains { $0.size == PixelSize(width: 4096, height: 3072) })
    }

    @Test func aWidthRangeWithFixedHeightsPairsEachHeightWithItsCommonWidths() {
        let list = modes("video/x-raw, format=(string)YUY2, width=(int)[ 1, 2147483647 ], height=(int){ 720, 1080 }, framerate=(fraction)30/1; "
            + "video/x-raw, format=(string)NV12, width=(int)1920, height=(int)[ 1, 2147483647 ], framerate=(fraction)30/1")
        #expect(Set(list.filter { $0.format == "YUY2" }.map(\.size.description)) == ["960x720", "1280x720", "1440x1080", "1920x1080"])
        #expect(Set(list.filter { $0.format == "NV12" }.map(\.size.description)) == ["1920x1080", "1920x1440"])
    }

    @Test func rateRangesOfferRatesInsideThemUpToSixty() {
        let fast = modes("video/x-raw, format=(string)NV12, width=(int)640, height=(int)480, framerate=(fraction)[ 90/1, 120/1 ]")
        #expect(fast.map(\.framesPerSecond) == [90])
        let open = modes("video/x-raw, format=(string)NV12, width=(int)640, height=(int)480, framerate=(fraction)[ 0/1, 2147483647/1 ]")
        #expect(open.map(\.framesPerSecond) == [60, 30, 25, 24, 15])
    }
}
