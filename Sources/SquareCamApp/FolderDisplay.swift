import Foundation

/// Folders as the user knows them: home-relative names, and where a file
/// chooser can open when the folder itself is not there yet.
enum FolderDisplay {
    /// `~/Photos` for a folder in the home folder, `~` for the home folder, else the path.
    static func name(of path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let home, home.hasPrefix("/"), home != "/" else { return folder }
        let base = home.hasSuffix("/") ? String(home.dropLast()) : home
        if folder == base { return "~" }
        if folder.hasPrefix(base + "/") { return "~" + folder.dropFirst(base.count) }
        return folder
    }

    /// `path` if it is a folder, else its nearest ancestor that is (the photos
    /// folder is made on the first save); nil for a relative path.
    static func nearestExisting(_ path: String, fileManager: FileManager = .default) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var candidate = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            var isFolder: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue { return candidate.path }
            if candidate.path == "/" { return nil }
            candidate.deleteLastPathComponent()
        }
    }
}
