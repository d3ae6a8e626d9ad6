#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SquareCamCommandLine

/// `squarecam`: runs `crop` itself, hands `shoot` and `devices` to
/// `squarecam-capture` and the app to `squarecam-camera`, so cropping never
/// loads GTK or GStreamer.
///
/// The top level never awaits: with an `await` here Swift would start its
/// concurrency runtime (libdispatch's threads) before the first line, which
/// a hand-over pays for and never uses. Only `crop` starts it, in `runAsync`.
let arguments = Array(CommandLine.arguments.dropFirst())
let route = CommandRoute(arguments)
if let answer = CommandRunner.answerDirectly(route) {
    exit(answer.rawValue)
}
if route == .command(CommandSpec.crop.name) {
    Task { @MainActor in
        exit(await CommandRunner.run(CropCommand.self, arguments: Array(arguments.dropFirst())).rawValue)
    }
    dispatchMain()
}
exit(CameraProgram.replaceProcess(route: route, arguments: CommandLine.arguments).rawValue)
