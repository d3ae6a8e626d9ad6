import Foundation
import Testing
import TestThreads

/// `FrameMemory`, the app's process setting that keeps frame-sized blocks in
/// the heap, checked on the allocations that faulted in fresh pages every
/// frame without it, replayed in a fresh process (the scripted test program's
/// self test). theLiveViewReusesItsMemoryFrameAfterFrame watches the live app
/// itself, but the debug build's first blocks decide whether the fault storm
/// happens there, so it caught the bug in only some runs; the replay shows it
/// every time.
@Suite(.ownThreads, .disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
                              "under AddressSanitizer malloc is ASan's allocator, which ignores mallopt"))
struct FrameMemoryTests {
    @Test func frameSizedBlocksAreTakenBackFromTheHeap() throws {
        let result = try BuiltApp.run(BuiltApp.scripted, ["--self-test", "frame-memory"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("frame-memory: 0 pages faulted in per frame"), "\(result.output)")
    }

    /// Without FrameMemory the replay faults in its blocks again every frame: the check above can fail.
    @Test func withoutItEveryFrameFaultsInItsBlocksAgain() throws {
        let result = try BuiltApp.run(BuiltApp.scripted, ["--self-test", "frame-memory", "--without-fix"], timeout: 60)
        #expect(result.status == 1, "\(result.output)")
        let perFrame = result.output.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect(perFrame > 500, "\(result.output)")
    }
}
