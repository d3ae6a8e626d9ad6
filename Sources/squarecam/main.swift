#if canImport(Glibc)
import Glibc
#endif
import SquareCamCommandLine

/// `squarecam`: runs `crop` itself, hands `shoot` and `devices` to
/// `squarecam-capture` and the app to `squarecam-camera`, so cropping never
/// loads GTK or GStreamer.
let arguments = Array(CommandLine.arguments.dropFirst())
let route = CommandRoute(arguments)
if let answer = CommandRunner.answerDirectly(route) {
    exit(answer.rawValue)
}
if route == .command(CommandSpec.crop.name) {
    exit(await CommandRunner.run(CropCommand.self, arguments: Array(arguments.dropFirst())).rawValue)
}
exit(CameraProgram.replaceProcess(route: route, arguments: CommandLine.arguments).rawValue)
