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
