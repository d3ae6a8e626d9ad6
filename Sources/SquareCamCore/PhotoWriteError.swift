#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a photo could not be written. Nothing partial is left behind in any case.
public enum PhotoWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    case folderMissing(path: String)
    case notAFolder(path: String)
    case readOnly(path: String)
    case permissionDenied(path: String)
    case diskFull(path: String)
    case alreadyExists(path: String)
    case io(path: String, reason: String)

    /// Classifies a failed system call; `missingMeansFolder` when the call was on the folder itself.
    public init(errno code: Int32, path: String, missingMeansFolder: Bool = false) {
        switch code {
        case ENOENT:
            self = .folderMissing(path: missingMeansFolder ? path : Self.folder(of: path))
        case ENOTDIR: self = .notAFolder(path: path)
        case EROFS: self = .readOnly(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENOSPC, EDQUOT: self = .diskFull(path: path)
        case EEXIST: self = .alreadyExists(path: path)
        default: self = .io(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// The folder a file's path names ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public var description: String {
        switch self {
        case .folderMissing(let path):
            "The folder \(path) does not exist. Create it or choose another folder."
        case .notAFolder(let path):
            "\(path) is not a folder. Choose a folder to save into."
        case .readOnly(let path):
            "Cannot write \(path): the disk is read-only. Choose a folder on a writable disk."
        case .permissionDenied(let path):
            "No permission to write \(path). Choose a folder you can write to, or change its permissions."
        case .diskFull(let path):
            "Cannot write \(path): the disk is full. Free some space and try again."
        case .alreadyExists(let path):
            "\(path) already exists. Choose another name, or allow replacing it."
        case .io(let path, let reason):
            "Cannot write \(path): \(reason)."
        }
    }
}
