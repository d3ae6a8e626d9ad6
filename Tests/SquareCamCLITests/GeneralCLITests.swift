import Foundation
import Testing

@Suite struct GeneralCLITests {
    @Test func topLevelHelpListsCommandsAndExitCodes() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        for word in ["shoot", "devices", "Exit codes:", "--camera"] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("squarecam 0."))
    }

    @Test(arguments: ["shoot", "devices"])
    func everyCommandHasHelp(command: String) throws {
        let result = try CLIRunner.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Usage: squarecam \(command)"))
        #expect(result.output.contains("--help"))
        #expect(result.error.isEmpty)
    }

    /// `squarecam` runs crop itself and hands shoot and devices to
    /// squarecam-capture beside it (the app to squarecam-camera): alone, it
    /// still crops and says what is missing.
    @Test func withoutItsCameraProgramSquarecamStillCropsAndSaysWhatIsMissing() throws {
        let folder = try TemporaryFolder()
        let alone = folder.path + "/squarecam"
        try FileManager.default.copyItem(atPath: CLIRunner.binary, toPath: alone)
        let devices = try CLIRunner.run(["devices"], program: alone)
        #expect(devices.status == 1)
        #expect(devices.error.contains("squarecam-capture is missing beside \(alone)"), "\(devices.error)")
        #expect(devices.error.split(separator: "\n").count == 1)
        #expect(try CLIRunner.run(["crop", "--help"], program: alone).status == 0)
        // Beside it (the build folder), the hand-over keeps the arguments and the exit code.
        let bad = try CLIRunner.run(["devices", "--bogus"])
        #expect(bad.status == 2 && bad.error.contains("--bogus"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CLIRunner.run(["shot"])
        #expect(result.status == 2)
        #expect(result.error.contains("'shot' is not a command"))
        #expect(result.output.isEmpty)
    }

    @Test func misspeltOptionGetsASuggestion() throws {
        let result = try CLIRunner.run(["shoot", "--qualty", "80"])
        #expect(result.status == 2)
        #expect(result.error.contains("Did you mean --quality?"))
    }

    @Test(arguments: [
        (["shoot", "--quality", "0"], "--quality takes a whole number from 1 to 100"),
        (["shoot", "--quality", "high"], "--quality takes a whole number"),
        (["shoot", "--size"], "--size needs a value"),
        (["shoot", "--json=yes"], "--json is a switch"),
        (["shoot", "extra"], "takes no file or word arguments"),
        (["shoot", "--camera", "test:0x0"], "test"),
        (["shoot", "--mode", "big"], "--mode takes WIDTHxHEIGHT"),
        (["shoot", "--count", "2", "--output", "one.jpg"], "give --output a folder"),
        (["devices", "--camera", "test"], "Unknown option '--camera'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "one clear line: \(result.error)")
    }
}
