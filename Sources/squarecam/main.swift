#if canImport(Glibc)
import Glibc
#endif
import SquareCamApp
import SquareCamCore

/// When the process started, for launch → first frame timings.
let processLaunch = ContinuousClock.now

/// `squarecam` with no command opens the app; otherwise runs one command.
@MainActor
func main(_ arguments: [String]) async -> ExitCode {
    guard let first = arguments.first, !first.hasPrefix("-") || first == "--help" || first == "-h" || first == "--version" else {
        return runApp(arguments)
    }
    switch first {
    case "--help", "-h", "help":
        Console.out(TopLevelHelp.text)
        return .success
    case "--version":
        Console.out("squarecam \(SquareCamVersion.number)\n")
        return .success
    default:
        break
    }
    guard let command = allCommands.first(where: { $0.spec.name == first }) else {
        Console.report("'\(first)' is not a command. Commands: \(allCommands.map { $0.spec.name }.joined(separator: ", ")). See 'squarecam --help'.")
        return .usage
    }
    do throws(UsageError) {
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
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

/// `squarecam [--camera CAMERA]`: the GTK app.
@MainActor
func runApp(_ arguments: [String]) -> ExitCode {
    do throws(UsageError) {
        let parsed = try ParsedArguments(arguments, spec: TopLevelHelp.appSpec)
        if parsed.flag("help") {
            Console.out(TopLevelHelp.text)
            return .success
        }
        return ExitCode(rawValue: SquareCamApp.run(cameraSpec: parsed.string("camera"))) ?? .failure
    } catch {
        Console.report(error.message)
        return .usage
    }
}

exit(await main(Array(CommandLine.arguments.dropFirst())).rawValue)
