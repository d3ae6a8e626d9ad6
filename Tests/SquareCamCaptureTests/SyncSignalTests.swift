import Testing
@testable import SquareCamCapture

/// The A/V sync signal's marks: one flash a second at every frame rate, on
/// the frame nearest the second, and a 100 ms beep from the second on.
struct SyncSignalTests {
    @Test(arguments: [15.0, 24.0, 25.0, 29.97, 30.0, 60.0])
    func exactlyOneFrameASecondFlashesTheNearest(framesPerSecond: Double) {
        let duration = UInt64(1e9 / framesPerSecond)
        // Frames starting at an arbitrary running time, as a live source's do.
        let start: UInt64 = 3_217_000_123
        let flashed = (0..<Int(framesPerSecond * 10)).map { start + UInt64($0) * duration }
            .filter { SyncSignal.flashes(frameAt: $0, frameDuration: duration) }
        #expect(flashed.count == 10, "\(flashed)")
        for time in flashed {
            let second = (time + 500_000_000) / 1_000_000_000 * 1_000_000_000
            let distance = time > second ? time - second : second - time
            #expect(distance * 2 <= duration, "the flash at \(time) is more than half a frame from \(second)")
        }
    }

    @Test func theBeepLastsATenthOfASecondFromTheSecond() {
        #expect(SyncSignal.beeps(at: 5_000_000_000))
        #expect(SyncSignal.beeps(at: 5_099_999_999))
        #expect(!SyncSignal.beeps(at: 5_100_000_000))
        #expect(!SyncSignal.beeps(at: 4_999_999_999))
    }
}
