@testable import SquareCamCapture
import SquareCamCore
import Testing

struct CameraModeChooserTests {
    private func mode(_ width: Int, _ height: Int, _ rate: Double, _ format: String = "YUY2") -> CameraMode {
        CameraMode(size: PixelSize(width: width, height: height), framesPerSecond: rate, format: format)
    }

    @Test func prefersFullHDAtVideoRateOverLargerSlowModes() {
        // A typical UVC webcam: raw 1080p only at 5 fps, MJPEG 1080p at 30.
        let modes = [mode(640, 480, 30), mode(1920, 1080, 5), mode(1920, 1080, 30, "MJPG"), mode(1280, 720, 30, "MJPG"), mode(2592, 1944, 2)]
        #expect(CameraModeChooser.choose(from: modes) == mode(1920, 1080, 30, "MJPG"))
    }

    @Test func prefersRawOverMotionJPEGAtEqualSizeAndRate() {
        let modes = [mode(1920, 1080, 30, "MJPG"), mode(1920, 1080, 30, "NV12")]
        #expect(CameraModeChooser.choose(from: modes) == mode(1920, 1080, 30, "NV12"))
    }

    @Test func largestShortSideWinsAmongVideoRates() {
        let modes = [mode(1920, 1080, 30), mode(3840, 2160, 24), mode(1280, 720, 60)]
        #expect(CameraModeChooser.choose(from: modes) == mode(3840, 2160, 24))
    }

    @Test func sixtyFramesBuyNothingOverThirty() {
        let modes = [mode(1920, 1080, 60), mode(1920, 1080, 30)]
        #expect(CameraModeChooser.choose(from: modes) == mode(1920, 1080, 30))
    }

    @Test func slowCamerasStillGetTheirBestMode() {
        let modes = [mode(640, 480, 15), mode(1600, 1200, 5), mode(1280, 720, 10)]
        #expect(CameraModeChooser.choose(from: modes) == mode(640, 480, 15))
    }

    @Test func infraredModesAreNeverChosen() {
        #expect(CameraModeChooser.choose(from: [mode(640, 360, 30, "GRAY8")]) == nil)
        #expect(CameraModeChooser.choose(from: [mode(1920, 1080, 30, "GRAY8"), mode(640, 480, 30)]) == mode(640, 480, 30))
        #expect(CameraModeChooser.choose(from: []) == nil)
    }

    @Test func requestedModeIsUsedWhenOffered() {
        let modes = [mode(1920, 1080, 30), mode(640, 480, 30), mode(640, 480, 15)]
        #expect(CameraModeChooser.choose(from: modes, requested: mode(640, 480, 15)) == mode(640, 480, 15))
    }

    @Test func unofferedRequestFallsBackToTheNearestOfferedMode() {
        // vivid offers 640x480 only at 25 fps here: a 30 fps request gets 25.
        let modes = [mode(1920, 1080, 30), mode(640, 480, 25), mode(320, 240, 30)]
        #expect(CameraModeChooser.choose(from: modes, requested: mode(640, 480, 30)) == mode(640, 480, 25))
        #expect(CameraModeChooser.choose(from: modes, requested: mode(1900, 1000, 30, "MJPG")) == mode(1920, 1080, 30))
    }

    /// vivid's webcam sizes and their fastest rates (harness/hardware/README.md), YUYV and UYVY.
    private var vividModes: [CameraMode] {
        let sizes: [(Int, Int, [Double])] = [
            (320, 180, [5, 25, 30, 60]), (640, 360, [5, 25, 30, 40]), (640, 480, [5, 15, 25]),
            (1280, 720, [5, 10, 12.5]), (1920, 1080, [1, 2, 4, 5]), (3840, 2160, [1, 2]),
        ]
        return ["YUY2", "UYVY"].flatMap { format in
            sizes.flatMap { width, height, rates in rates.map { mode(width, height, $0, format) } }
        }
    }

    @Test func stillOnVividTakesFullHDAtFiveOverVideoRateVGAAndSlowUHD() {
        #expect(CameraModeChooser.choose(from: vividModes, purpose: .still) == mode(1920, 1080, 5))
    }

    @Test func liveOnVividKeepsTheVideoRateTier() {
        #expect(CameraModeChooser.choose(from: vividModes) == mode(640, 480, 25))
        #expect(CameraModeChooser.choose(from: vividModes, purpose: .live) == mode(640, 480, 25))
    }

    @Test func stillTakesTheSlowLargestModeWhenNothingReachesFiveFPS() {
        let modes = [mode(1280, 720, 2), mode(2592, 1944, 1), mode(640, 480, 3)]
        #expect(CameraModeChooser.choose(from: modes, purpose: .still) == mode(2592, 1944, 1))
    }

    @Test func stillPrefersRawThenTheFasterRateAtEqualSize() {
        let modes = [mode(1920, 1080, 30, "MJPG"), mode(1920, 1080, 5), mode(1920, 1080, 10), mode(1280, 720, 30)]
        #expect(CameraModeChooser.choose(from: modes, purpose: .still) == mode(1920, 1080, 10))
    }

    @Test func stillCountsAnUnstatedRateAsFastEnough() {
        // libcamera lists sizes without rates (0).
        let modes = [mode(1920, 1080, 0, "NV12"), mode(640, 480, 0, "NV12")]
        #expect(CameraModeChooser.choose(from: modes, purpose: .still) == mode(1920, 1080, 0, "NV12"))
    }

    @Test func aCameraConfiguredForStillsStreamsTheFullResolutionMode() throws {
        let vivid = CameraDescription(id: "/dev/video0", name: "vivid", facing: .external, modes: vividModes)
        let still = try GStreamerCamera(description: vivid, configuration: CameraConfiguration(purpose: .still))
        #expect(still.streamingMode() == mode(1920, 1080, 5))
        let live = try GStreamerCamera(description: vivid)
        #expect(live.configuration.purpose == .live)
        #expect(live.streamingMode() == mode(640, 480, 25))
    }

    @Test func requestedModeWinsWhateverThePurpose() {
        #expect(CameraModeChooser.choose(from: vividModes, requested: mode(640, 480, 30), purpose: .still) == mode(640, 480, 25))
    }

    @Test(arguments: [(30.0, 30, 1), (29.97, 30000, 1001), (7.5, 15, 2), (15.0, 15, 1), (59.94, 60000, 1001)])
    func frameRatesBecomeCapsFractions(rate: Double, numerator: Int, denominator: Int) {
        let fraction = FrameRate(rate)
        #expect(fraction == FrameRate(numerator: numerator, denominator: denominator))
        #expect(abs(fraction.framesPerSecond - rate) < 0.001)
    }
}

/// Cameras whose caps are ranges (PipeWire nodes, scaling ISPs) get the same
/// preferences as V4L2 ones, over the modes `CameraModeExpansion` offers.
extension CameraModeChooserTests {
    private func modes(fromCaps caps: String) -> [CameraMode] {
        CameraModeExpansion.modes(from: CapsReader.read(capsText: caps))
    }

    @Test func pipeWireTestCameraStreamsFullHDAtThirty() {
        let offered = modes(fromCaps: CapsReaderTests.pipeWireTestCameraCaps)
        // Full HD at video rate is the live goal; with no sensor behind the
        // range nothing larger is worth its CPU, for a viewfinder or a still.
        #expect(CameraModeChooser.choose(from: offered) == mode(1920, 1080, 30, "UYVY"))
        #expect(CameraModeChooser.choose(from: offered, purpose: .still) == mode(1920, 1080, 30, "UYVY"))
        #expect(CameraModeChooser.choose(from: offered, requested: mode(1280, 720, 30, "UYVY")) == mode(1280, 720, 30, "UYVY"))
    }
}
