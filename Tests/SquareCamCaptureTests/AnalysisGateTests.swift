@testable import SquareCamCapture
import Dispatch
import SquareCamCore
import Synchronization
import Testing
import TestThreads

/// The analysis branch's rate and each analyser's mailbox, without a camera
/// (the streaming tests are in AnalysisBranchTests, among LiveCameraTests).
@Suite(.ownThreads) struct AnalysisGateTests {
    @Test func aGateAtFivePerSecondPassesEverySixthFrameOfThirty() {
        var gate = AnalysisGate(framesPerSecond: 5)
        let start = ContinuousClock.now
        // Three seconds of a 30 fps stream, each frame's time rounded down to a millisecond.
        let passed = (0..<90).filter { gate.passes(at: start + .milliseconds($0 * 1000 / 30)) }
        #expect(passed == Array(stride(from: 0, to: 90, by: 6)))
    }

    @Test func aGateWithoutARatePassesNothing() {
        var closed = AnalysisGate(framesPerSecond: nil)
        var zero = AnalysisGate(framesPerSecond: 0)
        #expect(!closed.passes(at: .now) && !zero.passes(at: .now))
    }

    /// Frames offered while the analyser is busy replace each other: once
    /// free, it gets the newest, never a queue of old ones.
    @Test func aBusyAnalyserGetsTheNewestFrameNext() {
        let busy = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), secondDone = DispatchSemaphore(value: 0)
        let seen = Mutex<[UInt8]>([])
        let thread = AnalyserThread(FrameAnalyser(name: "test", framesPerSecond: 1000) { analysed in
            let count = seen.withLock { seen in
                seen.append(analysed.frame.planes[0].bytes[0])
                return seen.count
            }
            if count == 1 {
                busy.signal()
                release.wait()
            } else if count == 2 {
                secondDone.signal()
            }
        })
        let start = ContinuousClock.now
        thread.offer(Self.frame(marked: 1, arrived: start))
        #expect(busy.wait(timeout: .now() + 10) == .success, "the analyser never got the first frame")
        for mark in UInt8(2)...4 {
            thread.offer(Self.frame(marked: mark, arrived: start + .milliseconds(10 * Int(mark))))
        }
        release.signal()
        #expect(secondDone.wait(timeout: .now() + 10) == .success, "the analyser never got a second frame")
        thread.stop()
        #expect(seen.withLock { $0 } == [1, 4])
    }

    /// An analyser at 5 a second is not handed a frame 100 ms after the last
    /// it took, however idle it is.
    @Test func anAnalyserKeepsToItsRate() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex<[UInt8]>([])
        let thread = AnalyserThread(FrameAnalyser(name: "test", framesPerSecond: 5) { analysed in
            seen.withLock { $0.append(analysed.frame.planes[0].bytes[0]) }
            done.signal()
        })
        let start = ContinuousClock.now
        thread.offer(Self.frame(marked: 1, arrived: start))
        #expect(done.wait(timeout: .now() + 10) == .success)
        thread.offer(Self.frame(marked: 2, arrived: start + .milliseconds(100)))
        thread.offer(Self.frame(marked: 3, arrived: start + .milliseconds(200)))
        #expect(done.wait(timeout: .now() + 10) == .success)
        thread.stop()
        #expect(seen.withLock { $0 } == [1, 3])
    }

    private static func frame(marked mark: UInt8, arrived: ContinuousClock.Instant) -> AnalysisFrame {
        let size = PixelSize(width: 4, height: 2)
        return AnalysisFrame(
            frame: Frame(size: size, layout: .gray, planes: [Frame.Plane(bytes: [UInt8](repeating: mark, count: 8), stride: 4)]),
            cameraFrameSize: size, arrived: arrived)
    }
}
