import Testing
import TestThreads

/// The GLib ↔ main-actor bridge, checked in a real process whose main
/// thread runs a GLib loop (the scripted test program's self test).
@Suite(.ownThreads) struct MainQueueBridgeTests {
    @Test func mainActorTasksRunOnTheMainThreadUnderTheGLibLoop() throws {
        let result = try BuiltApp.run(BuiltApp.scripted, ["--self-test", "main-queue"], timeout: 90)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ran and resumed on the main thread"))
    }

    /// Without the bridge the same task never runs: the check above can fail.
    @Test func withoutTheBridgeMainActorTasksNeverRun() throws {
        let result = try BuiltApp.run(BuiltApp.scripted, ["--self-test", "main-queue", "--no-bridge"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("no main-actor task ran"))
    }
}
