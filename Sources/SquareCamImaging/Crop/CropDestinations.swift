#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Where one input's square goes.
public enum CropDestination: Sendable, Hashable {
    /// A new file (or one replaced with `overwrite`).
    case file(String)
    /// Replaces this file: the input, or the file its link points to (the link stays).
    case inPlace(String)
    case standardOutput
    /// No place can be given to it; the sentence says why and what to do.
    case unusable(String)
}

/// One input and where its square goes.
public struct CropJob: Sendable, Hashable {
    public var input: CropInput
    public var destination: CropDestination
}

/// Names every output of a batch before anything is written, so that no
/// two inputs share an output and no output is another input: NAME-square.EXT
/// beside the input (or under the output folder), and for a second input
/// that would get the same name (a.jpg and a.png both giving a-square.jpg)
/// NAME-square-2.EXT, then -3 and so on, in the order the inputs come.
/// Files already on disk are not renamed around: they fail the file, or are
/// replaced (`overwrite`) or kept (`skipExisting`), as the user asked.
public enum CropDestinations {
    public static func plan(_ inputs: [CropInput], options: CropBatchOptions) -> [CropJob] {
        // Every input's own path is taken, so no square can land on another photo.
        var taken = Set(inputs.filter { !$0.isStandardInput }.flatMap { [absolute($0.path), real($0.path)] })
        return inputs.map { input in
            CropJob(input: input, destination: destination(for: input, options: options, taken: &taken))
        }
    }

    /// Whether a file's name (without extension) is that of a square SquareCam made: NAME-square or NAME-square-N.
    static func isSquareName(_ stem: String) -> Bool {
        if stem.hasSuffix("-square") { return true }
        guard let dash = stem.lastIndex(of: "-"), stem[stem.index(after: dash)...].allSatisfy(\.isASCIIDigit),
              stem.index(after: dash) != stem.endIndex else { return false }
        return stem[..<dash].hasSuffix("-square")
    }

    private static func destination(for input: CropInput, options: CropBatchOptions, taken: inout Set<String>) -> CropDestination {
        if let output = options.outputFile {
            return output == "-" ? .standardOutput : .file(output)
        }
        let ext = CropBatch.plannedExtension(for: input.path, format: options.crop.format)
        if options.inPlace {
            guard !input.isStandardInput else {
                return .unusable("standard input cannot be cropped in place; give --output FILE or --output -")
            }
            let inputExt = input.path.pathExtension.lowercased()
            let same = ext == "png" ? inputExt == "png" : ["jpg", "jpeg", "jpe"].contains(inputExt)
            guard same else {
                return .unusable("--in-place would put \(ext == "png" ? "PNG" : "JPEG") data in a .\(inputExt) file; use --output-dir instead")
            }
            return .inPlace(real(input.path))
        }
        let stem = input.isStandardInput ? "stdin" : input.path.lastPathComponent.deletingPathExtension
        let folder: String
        if let outputDirectory = options.outputDirectory {
            folder = outputDirectory.appendingPathComponent(input.relativeFolder)
        } else {
            guard !input.isStandardInput else {
                return .unusable("a photo from standard input needs a place: give --output FILE, --output - or --output-dir DIR")
            }
            // /dev/stdin, /proc/self/fd/0: no folder to put a photo beside.
            let home = real(input.path.deletingLastPathComponent.isEmpty ? "." : input.path.deletingLastPathComponent)
            guard !["/dev", "/proc", "/sys"].contains(where: { home == $0 || home.hasPrefix($0 + "/") }) else {
                return .unusable("\(home) is no folder for photos, so the square has no place beside its input; give --output FILE, --output - or --output-dir DIR")
            }
            folder = input.path.deletingLastPathComponent
        }
        var number = 1
        while true {
            let name = stem + (number == 1 ? "-square." : "-square-\(number).") + ext
            let path = folder.isEmpty ? name : folder.appendingPathComponent(name)
            if taken.insert(absolute(path)).inserted { return .file(path) }
            number += 1
        }
    }

    /// `path` with every link resolved; as given when that fails (it does not exist yet).
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return absolute(path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` from the root, its folder's links resolved where it exists,
    /// "." and ".." taken out, so two spellings of one place compare equal.
    static func absolute(_ path: String) -> String {
        let folder = path.deletingLastPathComponent
        let name = path.lastPathComponent
        if let resolved = realpath(folder.isEmpty ? "." : folder, nil) {
            defer { free(resolved) }
            return String(cString: resolved).appendingPathComponent(name)
        }
        var parts: [Substring] = []
        let start = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        for part in start.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
