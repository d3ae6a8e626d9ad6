import SquareCamCore

/// What the programs behind the `squarecam` launcher (squarecam-crop,
/// -capture and -camera) do with a command line.
package enum CommandRunner {
    /// Answers `--help`, `--version` and unknown commands; nil for the rest.
    package static func answerDirectly(_ route: CommandRoute) -> ExitCode? {
        switch route {
        case .help:
            Console.out(TopLevelHelp.text)
            return .success
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
