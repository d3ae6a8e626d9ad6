#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SquareCamCore

/// The folder new photos go to, and saving into it under fresh names.
///
/// By default that is the user's Pictures folder (as `xdg-user-dirs` names
/// it, so a German desktop gets ~/Bilder) plus `/Camera`, like phone cameras.
public struct PhotoLibrary: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The library in the default folder for this user.
    public static func standard(environment: [String: String] = ProcessEnvironment.current) -> PhotoLibrary {
        PhotoLibrary(folder: AtomicFileWriter.join(userFolder(.pictures, environment: environment), "Camera"))
    }

    /// The user's Videos/Camera folder, where recordings go (GNOME Snapshot keeps its clips there too).
    public static func standardVideoFolder(environment: [String: String] = ProcessEnvironment.current) -> String {
        AtomicFileWriter.join(userFolder(.videos, environment: environment), "Camera")
    }

    /// An XDG user folder: `$XDG_PICTURES_DIR` (or `$XDG_VIDEOS_DIR`), else
    /// that key in `$XDG_CONFIG_HOME/user-dirs.dirs`, else `~/Pictures` (`~/Videos`).
    public static func userFolder(_ folder: UserFolder, environment: [String: String]) -> String {
        let home = XDGBaseDirectories.home(environment: environment)
        if let explicit = environment[folder.key], explicit.hasPrefix("/") {
            return explicit
        }
        if let contents = readSmallTextFile(XDGBaseDirectories.configHome(environment: environment) + "/user-dirs.dirs"),
           let found = UserDirsFile.folder(folder.key, in: contents, home: home) {
            return found
        }
        return home + "/" + folder.englishName
    }

    /// Creates the folder (and its parents) if needed; a relative folder is
    /// created in the working directory, as `mkdir -p` would.
    public func createFolder() throws(PhotoWriteError) {
        var path = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            let parent = path.isEmpty ? "." : path
            path += (path.isEmpty || path.hasSuffix("/") ? "" : "/") + component
            guard mkdir(path, 0o755) != 0, errno != EEXIST else { continue }
            // The parent is there (made or found a step ago): ENOENT is one
            // that takes no new entries (/proc), which the parent's error names.
            throw errno == ENOENT
                ? AtomicFileWriter.creationError(ENOENT, inFolder: parent)
                : PhotoWriteError(errno: errno, path: path, missingMeansFolder: true)
        }
    }

    /// The most recently written photo in the folder (a visible `.jpg` or
    /// `.jpeg`), for the last-photo thumbnail; nil when there is none or the
    /// folder cannot be read. Reads the folder once.
    public func newestPhoto() -> String? {
        var newest: (path: String, seconds: Int, nanoseconds: Int)?
        _ = AtomicFileWriter.forEachName(inFolder: folder) { name in
            // Hidden names (temporary files of a save under way) never count.
            guard name.first != UInt8(ascii: ".") else { return }
            let text = String(decoding: name, as: UTF8.self)
            let lower = text.lowercased()
            guard lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") else { return }
            let path = AtomicFileWriter.join(folder, text)
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return }
            let time = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            if newest.map({ (time.0, time.1, path) > ($0.seconds, $0.nanoseconds, $0.path) }) ?? true {
                newest = (path, time.0, time.1)
            }
        }
        return newest?.path
    }

    /// Saves a photo under the next free name from `name` (given 1, 2, 3, …
    /// for the first, second, third try); returns its path. Creates the
    /// folder, clears temporary files an interrupted save left (on the first
    /// save into the folder in this process), never replaces.
    public func save(_ bytes: [UInt8], name: (Int) -> String) throws(PhotoWriteError) -> String {
        try createFolder()
        Self.removeStaleTemporaryFilesOnce(inFolder: folder)
        return try AtomicFileWriter.writeUnique(bytes, inFolder: folder, candidate: name)
    }

    /// Folders already swept in this process.
    private static let sweptFolders = Mutex<Set<String>>([])

    /// Sweeps `folder` on the first save into it in this process only. The
    /// sweep reads the whole folder, which would cost every save in a folder
    /// of thousands of photos; and only an interrupted save leaves a
    /// temporary file, so the first sweep finds what earlier runs left (one
    /// younger than the sweep's age limit waits for the next run). Concurrent
    /// first saves sweep once; a folder that could not be read is tried again.
    static func removeStaleTemporaryFilesOnce(inFolder folder: String) {
        guard sweptFolders.withLock({ $0.insert(folder).inserted }) else { return }
        if AtomicFileWriter.sweepStaleTemporaryFiles(inFolder: folder) == nil {
            sweptFolders.withLock { _ = $0.remove(folder) }
        }
    }
}

/// The XDG user folders SquareCam saves into.
public enum UserFolder: Sendable {
    case pictures
    case videos

    var key: String {
        switch self {
        case .pictures: "XDG_PICTURES_DIR"
        case .videos: "XDG_VIDEOS_DIR"
        }
    }

    /// The folder's name in the home folder when nothing names it (xdg-user-dirs' English default).
    var englishName: String {
        switch self {
        case .pictures: "Pictures"
        case .videos: "Videos"
        }
    }
}

/// The environment of this process, as a dictionary.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
