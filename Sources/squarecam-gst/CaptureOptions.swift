import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// The options `shoot` and `record` share, read the same way.
enum CaptureOptions {
    /// `--camera`: auto when not given.
    static func camera(_ arguments: ParsedArguments) throws(UsageError) -> CameraSpec {
        do {
            return try CameraSpec(parsing: arguments.string("camera") ?? "auto")
        } catch {
            throw UsageError(message: "--camera: \(error.description)")
        }
    }

    /// `--mode`: `WxH` or `WxH@FPS` (30 fps when not given); any format.
    static func mode(_ text: String?) throws(UsageError) -> CameraMode? {
        guard let text else { return nil }
        guard let match = text.wholeMatch(of: /(\d{1,5})x(\d{1,5})(?:@(\d{1,3}(?:\.\d+)?))?/),
              let width = Int(match.1), let height = Int(match.2), width > 0, height > 0 else {
            throw UsageError(message: "--mode takes WIDTHxHEIGHT or WIDTHxHEIGHT@FPS, such as 1920x1080@30, not '\(text)'.")
        }
        let rate = match.3.flatMap { Double($0) } ?? 30
        return CameraMode(size: PixelSize(width: width, height: height), framesPerSecond: rate, format: "")
    }

    /// Whether `--output` names a folder to save into: one that exists, or
    /// any name written with a trailing slash (created when missing).
    static func namesFolder(_ output: String) -> Bool {
        var isFolder = false
        return output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder)
    }
}
