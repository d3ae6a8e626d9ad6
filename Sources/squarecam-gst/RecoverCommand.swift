import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// `squarecam recover`: gives every interrupted recording in the folders a
/// visible, playable file.
enum RecoverCommand: Command {
    static let spec = CommandSpec.recover

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let folders = arguments.operands.isEmpty
            ? [RecordingDestination.standardFolder()]
            : arguments.operands
        let json = arguments.flag("json")
        var failed = 0
        var recovered = 0
        for folder in folders {
            var isFolder = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
                // The default folder is missing until the first recording: nothing to recover there.
                if !arguments.operands.isEmpty {
                    Console.report("\(Console.printable(folder)): there is no such folder.")
                    failed += 1
                }
                continue
            }
            for partial in RecordingFile.partialRecordings(inFolder: folder) {
                switch RecordingFile.recover(partial) {
                case .recovered(let finished):
                    recovered += 1
                    Console.out(json ? RecoveryReport(finished, from: partial).json + "\n" : finished.path + "\n")
                case .stillRecording:
                    Console.report("\(Console.printable(partial)) is still being recorded: left alone.")
                case .empty:
                    Console.report("\(Console.printable(partial)) was cut off before its first picture: removed, it held nothing.")
                case .failed(let reason):
                    Console.report("\(Console.printable(partial)): \(reason)")
                    failed += 1
                }
            }
        }
        if !json, Console.errorIsTerminal || recovered == 0 {
            Console.report(recovered == 0 && failed == 0
                ? "No interrupted recording was found."
                : "Recovered \(recovered) recording\(recovered == 1 ? "" : "s")\(failed > 0 ? ", \(failed) failed" : "").")
        }
        return failed > 0 ? .failure : .success
    }
}

/// One line of `squarecam recover --json`.
private struct RecoveryReport: Encodable {
    let path: String
    let seconds: Double
    let frames: Int
    /// The hidden file it was made from.
    let from: String

    init(_ finished: FinishedRecording, from partial: String) {
        path = finished.path
        seconds = (finished.seconds * 1000).rounded() / 1000
        frames = finished.videoFrames
        from = partial
    }

    var json: String { JSONText.of(self) }
}
