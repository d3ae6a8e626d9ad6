#if canImport(Glibc)
import Glibc
#endif
import SquareCamCommandLine
import SquareCamCore

/// When `squarecam` was launched (the launcher passes the time on),
/// for launch → first frame timings.
let processLaunch = LaunchTime.fromEnvironment() ?? ContinuousClock.now

/// `squarecam-gst`: `shoot`, `record`, `recover`, `scan` and `devices`, headless. It loads GStreamer
/// and the imaging libraries, not GTK: a shot does not pay for the app's
/// hundred libraries. Users run it through `squarecam`.
@MainActor
func main(_ arguments: [String]) async -> ExitCode {
    let route = CommandRoute(arguments)
    if let answer = CommandRunner.answerDirectly(route) ?? CommandRunner.refuseUnlessRunBy(.gstreamer, arguments) {
        return answer
    }
    switch route {
    case .command(CommandSpec.shoot.name):
        return await CommandRunner.run(ShootCommand.self, arguments: Array(arguments.dropFirst()))
    case .command(CommandSpec.record.name):
        return await CommandRunner.run(RecordCommand.self, arguments: Array(arguments.dropFirst()))
    case .command(CommandSpec.recover.name):
        return await CommandRunner.run(RecoverCommand.self, arguments: Array(arguments.dropFirst()))
    case .command(CommandSpec.scan.name):
        return await CommandRunner.run(ScanCommand.self, arguments: Array(arguments.dropFirst()))
    case .command(CommandSpec.devices.name):
        return await CommandRunner.run(DevicesCommand.self, arguments: Array(arguments.dropFirst()))
    default:
        // A word the table gives this program but no case here handles.
        Console.report("squarecam-gst has no command '\(arguments.first ?? "")'.")
        return .usage
    }
}

exit(await main(Array(CommandLine.arguments.dropFirst())).rawValue)
