#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SquareCamCommandLine
import SquareCamCore

/// `squarecam-crop`: `crop`, and the answers that need no camera (help,
/// version, a word that is no command). It loads the imaging libraries, never
/// GStreamer or GTK. Users run it through `squarecam` (Sources/squarecam).
///
/// The top level never awaits: with an `await` here Swift would start its
/// concurrency runtime (libdispatch's threads) before the first line, which
/// help and errors never use. Only `crop` starts it.
let arguments = Array(CommandLine.arguments.dropFirst())
let route = CommandRoute(arguments)
if let answer = CommandRunner.answerDirectly(route) {
    exit(answer.rawValue)
}
if let refusal = CommandRunner.refuseUnlessRunBy(.crop, arguments) {
    exit(refusal.rawValue)
}
// Of this program's words, only `crop` is left: the others were answered above.
Task { @MainActor in
    exit(await CommandRunner.run(CropCommand.self, arguments: Array(arguments.dropFirst())).rawValue)
}
dispatchMain()
