import CGtk
import Foundation
import SquareCamApp

/// Checks, in a real process with GLib owning the main thread, that the
/// bridge makes `@MainActor` work run on the main thread. The test suite runs
/// it through this test program (`--self-test main-queue`), because a
/// test process's own main thread already belongs to the test runner.
@MainActor
enum MainQueueSelfTest {
    static func run(bridge: Bool) -> Int32 {
        let loop = g_main_loop_new(nil, 0)!
        nonisolated(unsafe) let unsafeLoop = loop
        if bridge {
            MainQueueBridge.install()
        }
        var outcome = "main-queue: no main-actor task ran within 2 s"
        var status: Int32 = 1
        Task { @MainActor in
            await Task.yield()  // resumes through the main queue again
            outcome = Thread.isMainThread
                ? "main-queue: a main-actor task ran and resumed on the main thread"
                : "main-queue: a main-actor task ran off the main thread"
            status = Thread.isMainThread ? 0 : 1
            g_main_loop_quit(unsafeLoop)
        }
        g_timeout_add_seconds(2, { data in
            g_main_loop_quit(OpaquePointer(data))
            return 0  // G_SOURCE_REMOVE
        }, UnsafeMutableRawPointer(loop))
        g_main_loop_run(loop)
        g_main_loop_unref(loop)
        print(outcome)
        return status
    }
}
