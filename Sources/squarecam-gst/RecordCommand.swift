import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// `squarecam record`: a square video from a camera, without a window.
enum RecordCommand: Command {
    static let spec = CommandSpec.record

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let request = try RecordRequest(arguments)
        let environment = ProcessEnvironment.current
        if case .named(let id) = request.microphone, !MicrophoneChoice.microphones(environment: environment).contains(where: { $0.id == id }) {
            // pipewiresrc would wait for a node that is not there, silently.
            Console.report("There is no microphone '\(Console.printable(id))': 'squarecam devices --microphones' lists them.")
            return .usage
        }
        let (microphone, notice) = request.microphone.source(environment: environment)
        let camera: GStreamerCamera
        let file: RecordingFile
        do throws(CommandCameras.CommandExit) {
            // The camera is asked for before any file is made: a refused
            // camera leaves nothing behind.
            let access = try await CommandCameras.access(for: request.camera)
            let description = try access.pick(request.camera, requireCamera: request.requireCamera)
            file = try createFile(request.destination ?? .folder(RecordingDestination.standardFolder(environment: environment)))
            let settings = RecordingSettings(
                side: request.side, mirrored: request.mirror, bitsPerSecond: request.bitsPerSecond,
                microphone: microphone, fileDescriptor: file.descriptor, maximumSeconds: request.durationSeconds)
            do {
                camera = try access.open(description, CameraConfiguration(
                    requestedMode: request.mode, purpose: .recording, recording: settings))
            } catch {
                _ = try? file.finish()  // empty: removed
                throw error
            }
        } catch {
            return error.code
        }
        if let notice { Console.report("warning: " + notice) }
        return await RecordSession(camera: camera, file: file, request: request, microphone: microphone).run()
    }

    private static func createFile(_ destination: RecordingDestination) throws(CommandCameras.CommandExit) -> RecordingFile {
        do {
            return try RecordingFile.create(destination)
        } catch {
            Console.report(error.description)
            throw CommandCameras.CommandExit(.writeFailed)
        }
    }
}
