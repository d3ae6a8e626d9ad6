import Foundation
import SquareCamCommandLine
import SquareCamCore
import Testing
import TestThreads

@Suite(.ownThreads) struct GeneralCLITests {
    @Test func topLevelHelpListsCommandsAndExitCodes() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        for word in ["shoot", "devices", "Exit codes:", "--camera"] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
    }

    /// Without X11 or Wayland the app says so in one sentence, and what works
    /// without a display; GTK's own warning never shows.
    @Test func theAppWithoutADisplaySaysSo() throws {
        let result = try CLIRunner.run(["--camera", "test"], unset: ["DISPLAY", "WAYLAND_DISPLAY"])
        #expect(result.status == 1)
        #expect(result.error == "squarecam: There is no display to show the app on (no X11 or Wayland session reaches this program); 'squarecam shoot' takes a photo without one.\n")
        #expect(result.output.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("squarecam 0."))
    }

    /// Every command reaches its program through the C launcher: a command
    /// added to CommandSpec.all but not to the table in Sources/CCommandRoutes fails here.
    @Test(arguments: CommandSpec.all.map(\.name))
    func everyCommandHasHelp(command: String) throws {
        let result = try CLIRunner.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Usage: squarecam \(command)"))
        #expect(result.output.contains("--help"))
        #expect(result.error.isEmpty)
    }

    /// The launcher finds its programs beside it: alone, it says which one is
    /// missing, in one line, for each route; with squarecam-crop beside it, it crops.
    @Test func theLauncherSaysWhichProgramIsMissing() throws {
        let folder = try TemporaryFolder()
        let launcher = folder.path + "/squarecam"
        // Copied by cp, not here: a copy this process writes can be inherited
        // by another test's child in the moment between its fork and exec,
        // and running it then fails with "Text file busy" (seen once).
        _ = try CLIRunner.output(of: "/bin/cp", [CLIRunner.binary, launcher])
        for (arguments, program) in [(["devices"], "squarecam-gst"), (["crop", "--help"], "squarecam-crop"),
                                     (["--version"], "squarecam-crop"), (["--camera", "test"], "squarecam-app")] {
            let result = try CLIRunner.run(arguments, program: launcher)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error == "squarecam: \(program) is missing beside \(launcher); "
                + "rebuild with 'swift build' or reinstall with 'make install'.\n", "\(arguments): \(result.error)")
        }
        _ = try CLIRunner.output(of: "/bin/cp", [CLIRunner.binary + "-crop", launcher + "-crop"])
        #expect(try CLIRunner.run(["crop", "--help"], program: launcher).status == 0)
        // Beside it (the build folder), the hand-over keeps the arguments and the exit code.
        let bad = try CLIRunner.run(["devices", "--bogus"])
        #expect(bad.status == 2 && bad.error.contains("--bogus"))
    }

    /// The programs behind the launcher refuse the command lines that are not
    /// theirs, naming the one that runs it (the launcher's own table).
    @Test func eachProgramRunsOnlyItsOwnCommands() throws {
        for (arguments, program, owner) in [(["shoot"], "squarecam-crop", "squarecam-gst"),
                                             (["crop", "a.jpg"], "squarecam-gst", "squarecam-crop"),
                                             (["devices"], "squarecam-app", "squarecam-gst"),
                                             (["--camera", "test"], "squarecam-gst", "squarecam-app")] {
            let result = try CLIRunner.run(arguments, program: CLIRunner.binary + program.dropFirst("squarecam".count))
            #expect(result.status == 2, "\(program) \(arguments)")
            #expect(result.error == "squarecam: \(owner) runs this command line, not \(program): run it through 'squarecam'.\n",
                    "\(program) \(arguments): \(result.error)")
        }
    }

    /// The table the launcher and the programs share: every command of
    /// CommandSpec.all has a program other than the app, and the rest as documented.
    @Test func theRouteTableGivesEveryWordItsProgram() {
        for command in CommandSpec.all {
            #expect(CommandProgram([command.name]) != .app, "\(command.name)")
        }
        #expect(CommandProgram(["crop", "x.jpg"]) == .crop)
        #expect(CommandProgram(["shoot"]) == .gstreamer && CommandProgram(["record"]) == .gstreamer)
        #expect(CommandProgram(["recover"]) == .gstreamer && CommandProgram(["devices", "--json"]) == .gstreamer)
        #expect(CommandProgram(["scan", "--json"]) == .gstreamer)
        #expect(CommandProgram(["help", "shoot"]) == .crop && CommandProgram(["--help"]) == .crop && CommandProgram(["-h"]) == .crop)
        #expect(CommandProgram(["--version"]) == .crop)
        #expect(CommandProgram([]) == .app && CommandProgram(["--camera", "test"]) == .app)
        #expect(CommandProgram(["shot"]) == .crop)  // no command: crop's program explains it
        #expect([CommandProgram.crop, .gstreamer, .app].map(\.file) == ["squarecam-crop", "squarecam-gst", "squarecam-app"])
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CLIRunner.run(["shot"])
        #expect(result.status == 2)
        #expect(result.error.contains("'shot' is not a command"))
        #expect(result.output.isEmpty)
    }

    /// A misspelt command gets the nearest one, typos of `help` too.
    @Test(arguments: [("shot", "shoot"), ("crp", "crop"), ("devics", "devices"), ("hlep", "help")])
    func misspeltCommandGetsASuggestion(typed: String, meant: String) throws {
        let result = try CLIRunner.run([typed])
        #expect(result.status == 2)
        #expect(result.error == "squarecam: '\(typed)' is not a command. Did you mean '\(meant)'? See 'squarecam --help'.\n")
    }

    /// A word nothing like a command gets the list of commands instead of a guess.
    @Test func wordFarFromEveryCommandListsThem() throws {
        let result = try CLIRunner.run(["bogus"])
        #expect(result.status == 2)
        #expect(result.error == "squarecam: 'bogus' is not a command. Commands: shoot, record, recover, scan, devices, crop. See 'squarecam --help'.\n")
    }

    /// Options before any command are the app's (squarecam-app): its
    /// messages name `squarecam`, not an empty command.
    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'. See 'squarecam --help'."),
        (["--camra", "test"], "Unknown option '--camra'. Did you mean --camera? See 'squarecam --help'."),
        (["--camera"], "--camera needs a value (CAMERA)."),
        (["--camera", "test", "shoot"], "'shoot' is a command: put it first, as in 'squarecam shoot --camera test'."),
        (["--camera", "test", "crop", "a.jpg"], "'crop' is a command: put it first, as in 'squarecam crop --camera test a.jpg'."),
        (["--camera", "file:/my photos/a.jpg", "shoot"],
         "'shoot' is a command: put it first, as in 'squarecam shoot --camera \"file:/my photos/a.jpg\"'."),
        (["--camera", "test", "help"], "'help' is a command: put it first, as in 'squarecam help'."),
        (["--camera", "test", "shot"], "'shot' is not a command. Did you mean 'shoot'? See 'squarecam --help'."),
        (["--camera", "test", "photo.jpg"], "'photo.jpg' is not a command. Commands: shoot, record, recover, scan, devices, crop. See 'squarecam --help'."),
    ])
    func appOptionMistakesNameSquarecam(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error == "squarecam: \(message)\n", "\(arguments)")
    }

    /// `squarecam help COMMAND` is `squarecam COMMAND --help`, for the
    /// commands of every program (the launcher hands `help` to squarecam-crop).
    @Test(arguments: CommandSpec.all.map(\.name))
    func helpCommandShowsThatCommandsHelp(command: String) throws {
        let viaHelp = try CLIRunner.run(["help", command])
        let viaFlag = try CLIRunner.run([command, "--help"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.error.isEmpty)
        #expect(viaHelp.output.hasPrefix("Usage: squarecam \(command)"))
        #expect(viaHelp.output == viaFlag.output)
    }

    @Test(arguments: [["help"], ["help", "help"]])
    func helpAloneIsTheTopLevelHelp(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.output == (try CLIRunner.run(["--help"])).output)
        #expect(result.output.contains("squarecam help COMMAND"))
    }

    @Test(arguments: [
        (["help", "bogus"], "'bogus' is not a command. Commands: shoot, record, recover, scan, devices, crop. See 'squarecam --help'."),
        (["help", "shot"], "'shot' is not a command. Did you mean 'shoot'? See 'squarecam --help'."),
        (["help", "crop", "shoot"], "help takes one command, as in 'squarecam help crop'."),
    ])
    func helpForNoCommandIsAUsageError(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.output.isEmpty)
        #expect(result.error == "squarecam: \(message)\n", "\(arguments)")
    }

    /// Optimal string alignment: a swap of two neighbouring letters is one edit.
    @Test func transposedLettersGetASuggestion() throws {
        let result = try CLIRunner.run(["shoot", "--mdoe", "640x480"])
        #expect(result.status == 2)
        #expect(result.error.contains("Did you mean --mode?"), "\(result.error)")
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
