/// The exit codes of `squarecam`, documented in `--help` and the README: in
/// Core because the app reads them too, from the camera-list helper it runs.
package enum ExitCode: Int32, CaseIterable {
    case success = 0
    /// Something failed (for `crop`: some files failed, the others were done).
    case failure = 1
    case usage = 2
    case noCamera = 3
    case permissionDenied = 4
    /// The camera is busy, was disconnected, or failed while streaming.
    case cameraFailed = 5
    case writeFailed = 6

    package var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "failure (crop: some files failed; the others were done)"
        case .usage: "usage error: an unknown option or a bad value"
        case .noCamera: "no camera found (or the chosen one does not exist)"
        case .permissionDenied: "no permission to use the camera"
        case .cameraFailed: "the camera is busy, was disconnected or failed"
        case .writeFailed: "the photo could not be written (read-only, full disk, name taken)"
        }
    }

    /// The "Exit codes:" paragraph for help texts.
    package static func helpParagraph(_ codes: [ExitCode]) -> String {
        "Exit codes:\n" + codes.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n")
    }
}
