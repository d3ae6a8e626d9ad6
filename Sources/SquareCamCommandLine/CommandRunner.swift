import SquareCamCore

/// What the programs behind the `squarecam` launcher (squarecam-crop,
/// -capture and -camera) do with a command line.
package enum CommandRunner {
    /// Answers `--help`, `help [COMMAND]`, `--version` and unknown commands;
    /// nil for the rest.
    package static func answerDirectly(_ route: CommandRoute) -> ExitCode? {
        switch route {
        case .help(let words):
            do throws(UsageError) {
                Console.out(try helpText(for: words))
                return .success
            } catch {
                Console.report(error.message)
                return .usage
            }
        case .version:
            Console.out("squarecam \(SquareCamVersion.number)\n")
            return .success
        case .unknown(let word):
            Console.report(UsageError.notACommand(word).message)
            return .usage
        case .app, .command:
            return nil
        }
    }

    /// Refuses a command line that another of the programs runs (someone
    /// started this one directly), by the launcher's table: one sentence,
    /// a usage error. Nil when the command line is `program`'s.
    package static func refuseUnlessRunBy(_ program: CommandProgram, _ arguments: [String]) -> ExitCode? {
        let owner = CommandProgram(arguments)
        guard owner != program else { return nil }
        Console.report("\(owner.file) runs this command line, not \(program.file): run it through 'squarecam'.")
        return .usage
    }

    /// What `squarecam help WORDS` prints: any command's help, whichever
    /// program runs it, since every spec is in this module; the same text
    /// as `squarecam COMMAND --help`.
    private static func helpText(for words: [String]) throws(UsageError) -> String {
        guard let word = words.first, word != "help" else { return TopLevelHelp.text }
        guard let spec = CommandSpec.all.first(where: { $0.name == word }) else {
            throw UsageError.notACommand(word)
        }
        guard words.count == 1 else {
            throw UsageError(message: "help takes one command, as in 'squarecam help \(word)'.")
        }
        return spec.helpText()
    }

    /// Parses `arguments` (the words after the command's name) against the
    /// command's spec and runs it; `--help` prints the command's help instead.
    package static func run(_ command: any Command.Type, arguments: [String]) async -> ExitCode {
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, spec: command.spec)
            if parsed.flag("help") {
                Console.out(command.spec.helpText())
                return .success
            }
            return try await command.run(parsed)
        } catch {
            Console.report(error.message)
            return .usage
        }
    }
}
