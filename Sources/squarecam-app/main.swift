#if canImport(Glibc)
import Glibc
#endif
import SquareCamApp
import SquareCamCapture
import SquareCamCore
import SquareCamController
import SquareCamCommandLine

/// `squarecam-app`: the app, the only program that loads GTK. Users run
/// it through `squarecam`.
@MainActor
func main(_ arguments: [String]) async -> ExitCode {
    let route = CommandRoute(arguments)
    if let answer = CommandRunner.answerDirectly(route) ?? CommandRunner.refuseUnlessRunBy(.app, arguments) {
        return answer
    }
    return runApp(arguments)
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
        var sources: CaptureController.Sources
        do {
            sources = try AppCameraSources.forArgument(parsed.string("camera"))
        } catch {
            Console.report(error.description)
            return .usage
        }
        switch parsed.string("microphone") {
        case nil, "auto": break
        case let id? where MicrophoneSource(id: id) != nil: sources.microphoneID = id
        case let other?:
            Console.report("--microphone takes auto, test or a microphone's id from 'squarecam devices --microphones', not '\(other)'.")
            return .usage
        }
        guard SquareCamApp.canOpenDisplay() else {
            Console.report("There is no display to show the app on (no X11 or Wayland session reaches this program); 'squarecam shoot' takes a photo without one.")
            return .failure
        }
        return ExitCode(rawValue: SquareCamApp.run(sources: sources)) ?? .failure
    } catch {
        Console.report(error.message)
        return .usage
    }
}

exit(await main(Array(CommandLine.arguments.dropFirst())).rawValue)
