#if canImport(Glibc)
import Glibc
#endif
import SquareCamApp

/// Replays, in a fresh process, the live view's allocations that faulted in
/// fresh pages every frame before `FrameMemory` (strace with a 640x480
/// camera: each frame three 1.4 MB blocks taken from the heap, written, and
/// given back): prints the pages faulted in per frame once warm, and fails
/// above 50. `--without-fix` leaves glibc's moving thresholds as they are,
/// which shows the replay reproduces the fault storm (about 1,000 a frame):
/// unlike the app under test, whose first blocks decide whether it happens,
/// this replay does the same thing every run.
enum FrameMemorySelfTest {
    static let blockBytes = 1_400_000
    static let blocksPerFrame = 3

    static func run(fixed: Bool) -> Int32 {
        if fixed { FrameMemory.reuseFrameSizedBlocks() }
        var warm = 0
        for frame in 0..<40 {
            if frame == 10 { warm = minorFaults() }
            let blocks = (0..<blocksPerFrame).map { _ in malloc(blockBytes)! }
            for block in blocks { memset(block, Int32(frame), blockBytes) }
            for block in blocks { free(block) }
        }
        let perFrame = (minorFaults() - warm) / 30
        print("frame-memory: \(perFrame) pages faulted in per frame (\(fixed ? "FrameMemory" : "glibc's moving thresholds"))")
        return perFrame <= 50 ? 0 : 1
    }

    private static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }
}
