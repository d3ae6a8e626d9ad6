import Foundation
import Testing
import TestThreads

/// The live view takes its frames' memory back from the heap: with a 640x480
/// camera every frame used to fault in and zero fresh pages (about 1,000 a
/// frame) for GTK's window-sized image and the viewfinder's picture, a third
/// of the app's CPU time while live (`FrameMemory`). Whether the debug build
/// shows the bug depends on its first blocks, so this catches it in some runs
/// only; FrameMemoryTests replays the allocations and catches it every time.
extension AppWindowTests {
    /// AddressSanitizer (harness/sanitizers/asan.sh, which sets ASAN_OPTIONS)
    /// brings its own allocator, which maps and unmaps large blocks whatever mallopt says.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
                    "under AddressSanitizer the app allocates through ASan's allocator, not glibc's"))
    func theLiveViewReusesItsMemoryFrameAfterFrame() throws {
        let app = try AppSession(["--camera", "test:640x480@30"])
        try app.waitForTrace("viewfinder showing frames")
        // Windows to count in, not waits for an event. The first second after
        // the first frame grows the heap and starts the code scanner (1,000 to
        // 2,200 faults here, healthy or not); after it a healthy app faults in
        // nothing, the old one 1,000 pages a frame.
        let window = 1.5
        Thread.sleep(forTimeInterval: 1)
        let pid = app.process.processIdentifier
        let before = try minorFaults(of: pid)
        Thread.sleep(forTimeInterval: window)
        let faults = try minorFaults(of: pid) - before
        app.process.terminate()
        #expect(try app.waitForExit() == 0)
        let stats = try #require(app.log.split(separator: "\n").last { $0.hasPrefix("squarecam-stats ") }.map(String.init))
        let rate = try #require(stats.split(separator: " ").first { $0.hasPrefix("fps_shown=") }.flatMap { Double($0.dropFirst("fps_shown=".count)) })
        let frames = rate * window
        #expect(frames >= 1 && Double(faults) / frames < 100, "\(faults) page faults in \(window) s of live view at \(rate) frames a second")
    }

    private func minorFaults(of pid: Int32) throws -> Int {
        try #require(ProcessStat(pid: pid)?.minorFaults, "no /proc/\(pid)/stat: the app has gone")
    }
}
