#if canImport(Glibc)
import Glibc
#endif
import SquareCamCommandLine

/// `squarecam`: runs `crop` itself and hands the app, `shoot` and `devices`
/// to `squarecam-camera`, so cropping never loads GTK or GStreamer.
let arguments = Array(CommandLine.arguments.dropFirst())
let route = CommandRoute(arguments)
if let answer = CommandRunner.answerDirectly(route) {
    exit(answer.rawValue)
}
if route == .command(CommandSpec.crop.name) {
    exit(await CommandRunner.run(CropCommand.self, arguments: Array(arguments.dropFirst())).rawValue)
}
exit(CameraProgram.replaceProcess(arguments: CommandLine.arguments).rawValue)
