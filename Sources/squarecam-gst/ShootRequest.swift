import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// The options of `squarecam shoot`, checked.
struct ShootRequest {
    enum Destination: Equatable {
        /// The user's Pictures/Camera folder.
        case library
        case folder(String)
        case file(String)
        /// `-o -`: the JPEG on standard output, no file.
        case standardOutput
    }

    let camera: CameraSpec
    let side: Int?
    let quality: Int
    let destination: Destination
    let overwrite: Bool
    let delaySeconds: Double
    let count: Int
    let intervalSeconds: Double
    let skipFrames: Int?
    /// The mode asked for with --mode; the camera's nearest mode when it lacks it.
    let mode: CameraMode?
    let mirror: Bool
    /// The square's side is the frame's short side over this (1 to `SquareFraming.maximumZoom`).
    let zoom: Double
    let followFace: Bool
    let requireCamera: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        camera = try CaptureOptions.camera(arguments)
        side = try arguments.integer("size", in: ImageDefaults.squareSides)
        quality = try arguments.integer("quality", in: 1...100) ?? ImageDefaults.jpegQuality
        delaySeconds = try arguments.decimal("delay", in: 0...3600) ?? 0
        skipFrames = try arguments.integer("skip", in: 0...1000)
        mode = try CaptureOptions.mode(arguments.string("mode"))
        count = try arguments.integer("count", in: 1...100_000) ?? 1
        intervalSeconds = try arguments.decimal("interval", in: 0...86_400) ?? 0
        if arguments.string("interval") != nil && arguments.string("count") == nil {
            throw UsageError(message: "--interval is the time between the photos of --count N: add --count, or drop --interval for one photo.")
        }
        overwrite = arguments.flag("overwrite")
        mirror = arguments.flag("mirror")
        zoom = try arguments.decimal("zoom", in: 1...SquareFraming.maximumZoom) ?? 1
        followFace = arguments.flag("follow-face")
        requireCamera = arguments.flag("require-camera")
        json = arguments.flag("json")
        destination = try Self.destination(arguments.string("output"))
        switch destination {
        case .file:
            if count > 1 { throw UsageError(message: "--count saves several photos: give --output a folder, not a file.") }
        case .standardOutput:
            try Self.checkStandardOutput(count: count, json: json, overwrite: overwrite)
        case .folder, .library:
            if overwrite {
                throw UsageError(message: "--overwrite goes with --output FILE; photos saved into a folder never replace anything.")
            }
        }
    }

    /// Whether the photo's square is other than the frame's centre square.
    var framesFreely: Bool { zoom > 1 || followFace }

    /// `-o -` puts exactly one JPEG on standard output, and nothing else.
    private static func checkStandardOutput(count: Int, json: Bool, overwrite: Bool) throws(UsageError) {
        if count > 1 {
            throw UsageError(message: "-o - writes one photo to standard output: give --output a folder for --count.")
        }
        if json {
            throw UsageError(message: "--json cannot share standard output with the photo of -o -: drop one of them.")
        }
        if overwrite {
            throw UsageError(message: "--overwrite goes with --output FILE; -o - replaces nothing.")
        }
        if Console.outputIsTerminal {
            throw UsageError(message: "-o - writes the JPEG to standard output, which is a terminal: redirect it (> photo.jpg) or pipe it to a program.")
        }
    }

    /// A folder (existing, or written with a trailing slash) is saved into
    /// under a fresh name, "-" is standard output; anything else is the file to write.
    private static func destination(_ output: String?) throws(UsageError) -> Destination {
        guard let output else { return .library }
        guard !output.isEmpty else { throw UsageError(message: "--output needs a file or folder name.") }
        if output == "-" { return .standardOutput }
        if CaptureOptions.namesFolder(output) { return .folder(output) }
        let lowered = output.lowercased()
        guard lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") else {
            throw UsageError(message: "--output \(Console.printable(output)): name a .jpg file, a folder (end it with / to have it created), or - for standard output.")
        }
        return .file(output)
    }
}
