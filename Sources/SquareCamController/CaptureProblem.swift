import SquareCamCore

/// Why something the user asked for did not happen, kept typed so a front
/// end can say it in the user's language.
public enum CaptureProblem: Hashable, Sendable, CustomStringConvertible {
    /// The camera failed (not running, unplugged while taking the frame…).
    case camera(CameraFailure)
    /// The photo could not be written.
    case write(PhotoWriteError)
    /// Anything else, in the words of whatever failed.
    case other(String)

    init(_ error: any Error) {
        switch error {
        case let failure as CameraFailure: self = .camera(failure)
        case let write as PhotoWriteError: self = .write(write)
        default: self = .other("\(error)")
        }
    }

    public var description: String {
        switch self {
        case .camera(let failure): failure.description
        case .write(let error): error.description
        case .other(let text): text
        }
    }
}
