import Dispatch
import FoundationEssentials
import SquareCamCore
import Synchronization

/// How `CropBatch` finds, names and writes files.
public struct CropBatchOptions: Sendable {
    public var crop: CropOptions
    /// Where outputs go; nil puts each next to its input. Folders given on the
    /// command line keep their sub-folder structure under it.
    public var outputDirectory: String?
    /// Replace each input with its square (atomically).
    public var inPlace: Bool
    /// Replace existing outputs; otherwise an existing output fails that file.
    public var overwrite: Bool
    /// Files cropped at once.
    public var jobs: Int
    /// Descend into sub-folders of folders given.
    public var recursive: Bool
    /// Plan and report, write nothing.
    public var dryRun: Bool
    /// Inputs larger than this many bytes are refused without being read.
    public var maxFileBytes: Int

    public init(
        crop: CropOptions = CropOptions(), outputDirectory: String? = nil, inPlace: Bool = false,
        overwrite: Bool = false, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        recursive: Bool = false, dryRun: Bool = false, maxFileBytes: Int = 1 << 30
    ) {
        self.crop = crop
        self.outputDirectory = outputDirectory
        self.inPlace = inPlace
        self.overwrite = overwrite
        self.jobs = jobs
        self.recursive = recursive
        self.dryRun = dryRun
        self.maxFileBytes = maxFileBytes
    }
}

/// One input file, and the folder operand it was found under (for mirroring sub-folders).
public struct CropInput: Sendable, Hashable {
    public var path: String
    /// The path relative to the folder operand ("" parent for files given directly).
    public var relativeFolder: String

    public init(path: String, relativeFolder: String = "") {
        self.path = path
        self.relativeFolder = relativeFolder
    }
}

/// What happened to one file.
public enum CropOutcome: Sendable {
    /// Written (or, in a dry run, would be written) to `output`.
    case cropped(input: String, output: String, result: CropSummary)
    case failed(input: String, reason: String)
}

/// The facts about one crop that a report needs (the bytes are already on disk).
public struct CropSummary: Sendable {
    public var inputSize: PixelSize
    public var outputSize: PixelSize
    public var square: PixelRect
    public var losslessOffset: (x: Double, y: Double)?
    /// Zero in a dry run.
    public var bytesWritten: Int
}

/// Totals at the end of a batch.
public struct CropReport: Sendable {
    public var cropped: Int
    public var failed: Int
    public var seconds: Double
}

/// Crops many files, `jobs` at a time: each failure is reported and the
/// others go on. Every output is written atomically; an input or an existing
/// file is never replaced unless asked (`inPlace`, `overwrite`).
public enum CropBatch {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "heic", "heif"]

    /// The image files the operands name: files as given, folders scanned for
    /// .jpg/.jpeg/.png/.heic/.heif (sub-folders with `recursive`), skipping
    /// hidden files and earlier outputs (names ending in "-square"). Returns
    /// the inputs in a stable order and one message per operand that could not be used.
    public static func collectInputs(_ operands: [String], recursive: Bool) -> (inputs: [CropInput], problems: [String]) {
        var inputs: [CropInput] = []
        var problems: [String] = []
        let files = FileManager.default
        for operand in operands {
            var isFolder = false
            guard files.fileExists(atPath: operand, isDirectory: &isFolder) else {
                problems.append("\(operand): no such file or folder")
                continue
            }
            guard isFolder else {
                inputs.append(CropInput(path: operand))
                continue
            }
            var found: [CropInput] = []
            scan(folder: operand, relative: "", recursive: recursive, into: &found, problems: &problems)
            if found.isEmpty { problems.append("\(operand): no JPEG, PNG or HEIF files in this folder") }
            inputs += found.sorted { $0.path < $1.path }
        }
        return (inputs, problems)
    }

    private static func scan(folder: String, relative: String, recursive: Bool, into found: inout [CropInput], problems: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            problems.append("\(folder): cannot list this folder (permissions?)")
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.appendingPathComponent(name)
            var isFolder = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder {
                if recursive {
                    scan(folder: path, relative: relative.appendingPathComponent(name),
                         recursive: true, into: &found, problems: &problems)
                }
                continue
            }
            let stem = name.deletingPathExtension
            let ext = name.pathExtension.lowercased()
            guard imageExtensions.contains(ext), !stem.hasSuffix("-square") else { continue }
            found.append(CropInput(path: path, relativeFolder: relative))
        }
    }

    /// Where the square of `input` goes: NAME-square.EXT next to the input
    /// or under the output folder, or the input itself when in place.
    public static func outputPath(for input: CropInput, fileExtension: String, options: CropBatchOptions) -> String {
        if options.inPlace { return input.path }
        let name = input.path.lastPathComponent.deletingPathExtension + "-square." + fileExtension
        let folder: String
        if let outputDirectory = options.outputDirectory {
            folder = outputDirectory.appendingPathComponent(input.relativeFolder)
        } else {
            folder = input.path.deletingLastPathComponent
        }
        return folder.isEmpty ? name : folder.appendingPathComponent(name)
    }

    /// The extension the output will have for an input, before cropping it.
    static func plannedExtension(for input: String, format: CropOptions.Format) -> String {
        let ext = input.pathExtension.lowercased()
        switch format {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .same: return ext == "png" ? "png" : "jpg"
        }
    }

    /// Crops one file and writes its output; never throws, the outcome says what happened.
    public static func process(_ input: CropInput, options: CropBatchOptions) -> CropOutcome {
        let fail = { (reason: String) in CropOutcome.failed(input: input.path, reason: reason) }
        let ext = plannedExtension(for: input.path, format: options.crop.format)
        let output = outputPath(for: input, fileExtension: ext, options: options)
        if options.inPlace {
            let inputExt = input.path.pathExtension.lowercased()
            let same = ext == "png" ? inputExt == "png" : ["jpg", "jpeg", "jpe"].contains(inputExt)
            guard same else {
                return fail("--in-place would put \(ext == "png" ? "PNG" : "JPEG") data in a .\(inputExt) file; use --output-dir instead")
            }
        } else {
            if resolved(output) == resolved(input.path) {
                return fail("the output would replace the input; use --in-place to mean that")
            }
            if !options.overwrite, FileManager.default.fileExists(atPath: output) || isSymlink(output) {
                return fail("\(output) already exists; use --overwrite to replace it")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try PhotoFileReader.read(input.path, limit: options.maxFileBytes)
        } catch {
            return fail(error.description)
        }
        let result: CropResult
        do {
            result = try SquareCropper.crop(bytes, options: options.crop)
        } catch {
            return fail(error.description)
        }
        var summary = CropSummary(
            inputSize: result.inputSize, outputSize: result.outputSize, square: result.square,
            losslessOffset: result.losslessOffset, bytesWritten: 0)
        if options.dryRun {
            return .cropped(input: input.path, output: output, result: summary)
        }
        do {
            let folder = output.deletingLastPathComponent
            if options.outputDirectory != nil, !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try AtomicFileWriter.write(result.bytes, toPath: output, replaceExisting: options.inPlace || options.overwrite)
        } catch {
            return fail(error.description)
        }
        summary.bytesWritten = result.bytes.count
        return .cropped(input: input.path, output: output, result: summary)
    }

    /// Crops every input, `options.jobs` at a time. `onOutcome` is called once
    /// per file, one call at a time, with the number done so far.
    public static func run(
        _ inputs: [CropInput], options: CropBatchOptions,
        onOutcome: @escaping @Sendable (_ outcome: CropOutcome, _ done: Int) -> Void
    ) -> CropReport {
        let start = ContinuousClock.now
        struct Progress { var next = 0; var done = 0; var cropped = 0; var failed = 0 }
        let progress = Mutex(Progress())
        let workers = max(1, min(options.jobs, inputs.count))
        var tuned = options
        // Cores no file would use help each file along instead.
        tuned.crop.usesSecondThread = options.jobs >= 2 * workers
        let options = tuned
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int? = progress.withLock { state in
                    guard state.next < inputs.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let index else { return }
                let outcome = process(inputs[index], options: options)
                progress.withLock { state in
                    state.done += 1
                    if case .failed = outcome { state.failed += 1 } else { state.cropped += 1 }
                    onOutcome(outcome, state.done)
                }
            }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return progress.withLock { CropReport(cropped: $0.cropped, failed: $0.failed, seconds: seconds) }
    }

    private static func resolved(_ path: String) -> String {
        URL(filePath: path).resolvingSymlinksInPath().path
    }

    private static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
