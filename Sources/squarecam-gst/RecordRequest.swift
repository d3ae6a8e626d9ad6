import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// The options of `squarecam record`, checked.
struct RecordRequest {
    let camera: CameraSpec
    let microphone: MicrophoneChoice
    let durationSeconds: Double?
    let side: Int?
    let mode: CameraMode?
    let bitsPerSecond: Int?
    /// nil: the Videos/Camera folder.
    let destination: RecordingDestination?
    let mirror: Bool
    let requireCamera: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        camera = try CaptureOptions.camera(arguments)
        microphone = try MicrophoneChoice(parsing: arguments.string("microphone") ?? "auto")
        durationSeconds = try arguments.decimal("duration", in: 0.1...86_400)
        side = try arguments.integer("size", in: RecordingDefaults.sides)
        if let side, side % 2 != 0 {
            throw UsageError(message: "--size \(side): a video's side must be even (VP8 halves it for colour); try \(side - 1) or \(side + 1).")
        }
        mode = try CaptureOptions.mode(arguments.string("mode"))
        bitsPerSecond = try arguments.integer("bitrate", in: RecordingDefaults.kilobitRates).map { $0 * 1000 }
        mirror = arguments.flag("mirror")
        requireCamera = arguments.flag("require-camera")
        json = arguments.flag("json")
        let overwrite = arguments.flag("overwrite")
        destination = try Self.destination(arguments.string("output"), overwrite: overwrite)
        let namesFile = if case .file = destination { true } else { false }
        if overwrite, !namesFile {
            throw UsageError(message: "--overwrite goes with --output FILE; recordings saved into a folder never replace anything.")
        }
    }

    /// The folder or file to record into: a folder (existing, or written
    /// with a trailing slash), else a `.webm` file.
    private static func destination(_ output: String?, overwrite: Bool) throws(UsageError) -> RecordingDestination? {
        guard let output else { return nil }
        guard !output.isEmpty else { throw UsageError(message: "--output needs a file or folder name.") }
        if output == "-" {
            throw UsageError(message: "-o -: a recording is written to a file, so that a cut-off one can be recovered; give a .webm file or a folder.")
        }
        if CaptureOptions.namesFolder(output) { return .folder(output) }
        guard output.lowercased().hasSuffix(".webm") else {
            throw UsageError(message: "--output \(Console.printable(output)): name a .webm file, or a folder (end it with / to have it created).")
        }
        return .file(output, replaceExisting: overwrite)
    }
}
