#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// One photo to crop, and the folder operand it was found under (for mirroring sub-folders).
public struct CropInput: Sendable, Hashable {
    /// As the user named it, or found under a folder; "-" is standard input.
    public var path: String
    /// The path relative to the folder operand ("" for files given directly).
    public var relativeFolder: String

    public init(path: String, relativeFolder: String = "") {
        self.path = path
        self.relativeFolder = relativeFolder
    }

    /// The photo read from standard input (`crop -`).
    public static let standardInput = CropInput(path: "-")
    public var isStandardInput: Bool { path == "-" }
}

/// The inputs a command line's operands name, each real file once.
public struct CropInputs: Sendable {
    public var inputs: [CropInput] = []
    /// Each operand or folder that could not be used, and why.
    public var problems: [(path: String, reason: String)] = []
    /// Files in scanned folders left out because their names end in
    /// "-square": earlier outputs (named on the command line, they are cropped).
    public var skippedSquares = 0
    /// Links to folders met in a recursive scan, not followed.
    public var skippedFolderLinks = 0

    /// The image files `operands` name: "-" is standard input (once); files
    /// as given; folders scanned for .jpg/.jpeg/.jpe/.png/.heic/.heif files,
    /// sub-folders too with `recursive`, hidden files left out. Each real
    /// file (device and inode) is taken once, however many names or links
    /// reach it. In a scan, links to files are followed and links to folders
    /// are not (as `find` does), so a scan never leaves the folder given and
    /// never loops; each real folder is scanned once. Inputs keep the order
    /// of the operands, the files found under one folder sorted by path.
    public init(_ operands: [String], recursive: Bool) {
        var scan = FolderScan(recursive: recursive)
        for operand in operands {
            if operand == "-" {
                if !scan.inputs.contains(.standardInput) { scan.inputs.append(.standardInput) }
                continue
            }
            var status = stat()
            guard stat(operand, &status) == 0 else {
                problems.append((operand, errno == ENOENT ? "no such file or folder" : "cannot be read (\(String(cString: strerror(errno))))"))
                continue
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                scan.add(CropInput(path: operand), identity: FileIdentity(status))
                continue
            }
            let before = scan.inputs.count
            scan.scan(folder: operand, relative: "", identity: FileIdentity(status))
            scan.inputs[before...].sort { $0.path < $1.path }
            if scan.inputs.count == before && scan.problems.isEmpty {
                scan.problems.append((operand, "no JPEG, PNG or HEIF files in this folder"))
            }
            problems += scan.problems
            scan.problems = []
        }
        inputs = scan.inputs
        skippedSquares = scan.skippedSquares
        skippedFolderLinks = scan.skippedFolderLinks
    }
}

/// A real file or folder: the same one whatever path or link reaches it.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The walk behind CropInputs.
private struct FolderScan {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "heic", "heif"]

    let recursive: Bool
    var inputs: [CropInput] = []
    var problems: [(path: String, reason: String)] = []
    var skippedSquares = 0
    var skippedFolderLinks = 0
    private var seenFiles: Set<FileIdentity> = []
    private var seenFolders: Set<FileIdentity> = []

    init(recursive: Bool) {
        self.recursive = recursive
    }

    mutating func add(_ input: CropInput, identity: FileIdentity) {
        if seenFiles.insert(identity).inserted { inputs.append(input) }
    }

    mutating func scan(folder: String, relative: String, identity: FileIdentity) {
        guard seenFolders.insert(identity).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            problems.append((folder, "cannot list this folder (permissions?)"))
            return
        }
        var folders: [(String, String, FileIdentity)] = []
        for name in names where !name.hasPrefix(".") {
            let path = folder.appendingPathComponent(name)
            var entry = stat()
            guard lstat(path, &entry) == 0 else { continue }
            let isLink = entry.st_mode & S_IFMT == S_IFLNK
            if isLink {
                guard stat(path, &entry) == 0 else { continue }  // a dangling link
            }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR:
                guard recursive else { continue }
                if isLink { skippedFolderLinks += 1; continue }
                folders.append((path, relative.appendingPathComponent(name), FileIdentity(entry)))
            case S_IFREG:
                guard Self.imageExtensions.contains(name.pathExtension.lowercased()) else { continue }
                if CropDestinations.isSquareName(name.deletingPathExtension) {
                    skippedSquares += 1
                    continue
                }
                add(CropInput(path: path, relativeFolder: relative), identity: FileIdentity(entry))
            default:
                continue
            }
        }
        for (path, relative, identity) in folders.sorted(by: { $0.0 < $1.0 }) {
            scan(folder: path, relative: relative, identity: identity)
        }
    }
}
