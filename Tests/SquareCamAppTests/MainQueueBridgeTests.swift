import Testing

/// The GLib ↔ main-actor bridge, checked in a real process whose main
/// thread runs a GLib loop (the built binary's self test).
@Suite struct MainQueueBridgeTests {
    @Test func mainActorTasksRunOnTheMainThreadUnderTheGLibLoop() throws {
        let result = try BuiltApp.run([], environment: ["SQUARECAM_SELF_TEST": "main-queue"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ran and resumed on the main thread"))
    }

    /// Without the bridge the same task never runs: the check above can fail.
    @Test func withoutTheBridgeMainActorTasksNeverRun() throws {
        let result = try BuiltApp.run([], environment: ["SQUARECAM_SELF_TEST": "main-queue", "SQUARECAM_SELF_TEST_NO_BRIDGE": "1"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("no main-actor task ran"))
    }
}
