@testable import SquareCamCapture
import SquareCamCore
import Testing

/// What the recording branch asks its encoder for.
@Suite struct RecordingBranchTextTests {
    /// libvpx's second VP8 thread spins: one thread below 1080² (where it
    /// keeps up with cores to spare), two from 1080² on.
    @Test(arguments: [(240, 1), (720, 1), (1078, 1), (1080, 2), (2160, 2)])
    func theEncoderTakesASecondThreadOnlyForLargeSquares(side: Int, threads: Int) {
        let branch = RecordingBranch(settings: RecordingSettings(side: side, fileDescriptor: 3),
                                     frameSize: PixelSize(width: 3840, height: 2160), framesPerSecond: 30)
        #expect(branch.encoderThreads == threads)
        #expect(branch.binText.contains("vp8enc name=\(RecordingBranch.encoderName) deadline=1 cpu-used=8 threads=\(threads) "))
    }
}
