#if canImport(Glibc)
import Glibc
#endif
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
    /// The one output of a one-input batch (`--output`); "-" is standard output.
    public var outputFile: String?
    /// Replace each input with its square (atomically), keeping its owner, group and mode.
    public var inPlace: Bool
    /// Replace existing outputs; otherwise an existing output fails that file.
    public var overwrite: Bool
    /// Leave inputs whose output exists alone, as done (a rerun over a folder does only what is new).
    public var skipExisting: Bool
    /// Give each square its source's owner, group, mode and times, as `cp -p` does.
    public var preserve: Bool
    /// Files cropped at once.
    public var jobs: Int
    /// Descend into sub-folders of folders given.
    public var recursive: Bool
    /// Plan and report, write nothing.
    public var dryRun: Bool
    /// Inputs larger than this many bytes are refused without being read.
    public var maxFileBytes: Int

    public init(
        crop: CropOptions = CropOptions(), outputDirectory: String? = nil, outputFile: String? = nil,
        inPlace: Bool = false, overwrite: Bool = false, skipExisting: Bool = false, preserve: Bool = false,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, recursive: Bool = false, dryRun: Bool = false,
        maxFileBytes: Int = 1 << 30
    ) {
        self.crop = crop
        self.outputDirectory = outputDirectory
        self.outputFile = outputFile
        self.inPlace = inPlace
        self.overwrite = overwrite
        self.skipExisting = skipExisting
        self.preserve = preserve
        self.jobs = jobs
        self.recursive = recursive
        self.dryRun = dryRun
        self.maxFileBytes = maxFileBytes
    }
}

/// What happened to one file.
public enum CropOutcome: Sendable {
    /// Written (or, in a dry run, would be written) to `output` ("-": standard output).
    case cropped(input: String, output: String, result: CropSummary)
    /// Its output exists and `skipExisting` was asked: nothing done.
    case skipped(input: String, output: String)
    case failed(input: String, reason: String)
}

/// The facts about one crop that a report needs (the bytes are already on disk).
public struct CropSummary: Sendable {
    public var inputSize: PixelSize
    public var outputSize: PixelSize
    public var square: PixelRect
    public var losslessOffset: (x: Double, y: Double)?
    /// The damage of an input cropped all the same (`--accept-damaged`).
    public var damage: JPEGDamage?
    /// Zero in a dry run.
    public var bytesWritten: Int
    /// A JPEG's crop plan and what ran of it (`crop --verbose`).
    public var path: CropPath? = nil
}

/// Totals at the end of a batch.
public struct CropReport: Sendable {
    public var cropped: Int
    public var failed: Int
    public var skipped: Int
    /// The inputs that failed, in the order they were given.
    public var failedInputs: [String]
    public var seconds: Double
}

/// Crops many files, `jobs` at a time: each failure is reported and the
/// others go on. Every output is named before any is written
/// (CropDestinations) and written atomically; an input or an existing file is
/// never replaced unless asked (`inPlace`, `overwrite`), and a damaged input
/// never replaces anything.
public enum CropBatch {
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
    public static func process(_ job: CropJob, options: CropBatchOptions) -> CropOutcome {
        let input = job.input.path
        let fail = { (reason: String) in CropOutcome.failed(input: input, reason: reason) }
        let output: String
        switch job.destination {
        case .unusable(let reason): return fail(reason)
        case .standardOutput: output = "-"
        case .inPlace(let path): output = path
        case .file(let path):
            output = path
            var existing = stat()
            if lstat(path, &existing) == 0 {
                if options.skipExisting { return .skipped(input: input, output: path) }
                if !options.overwrite { return fail("\(path) already exists; use --overwrite to replace it, or --skip-existing") }
            }
        }
        let bytes: [UInt8]
        var source: FileAttributes? = nil
        do {
            if job.input.isStandardInput {
                bytes = try PhotoFileReader.readStandardInput(limit: options.maxFileBytes)
            } else {
                (bytes, source) = try PhotoFileReader.read(input, limit: options.maxFileBytes)
            }
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
            losslessOffset: result.losslessOffset, damage: result.damage, bytesWritten: 0, path: result.path)
        if options.dryRun {
            return .cropped(input: input, output: output, result: summary)
        }
        do {
            switch job.destination {
            case .standardOutput:
                try StandardOutput.write(result.bytes)
            case .inPlace(let path):
                try AtomicFileWriter.write(result.bytes, toPath: path, replaceExisting: true,
                                           attributes: source.map { .same($0, times: options.preserve) })
            case .file(let path):
                let folder = path.deletingLastPathComponent
                if options.outputDirectory != nil, !folder.isEmpty {
                    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                let attributes: AttributeRule? = source.map { options.preserve ? .same($0, times: true) : .noMoreOpenThan($0) }
                try AtomicFileWriter.write(result.bytes, toPath: path, replaceExisting: options.overwrite, attributes: attributes)
            case .unusable:
                break
            }
        } catch {
            return fail(error.description)
        }
        summary.bytesWritten = result.bytes.count
        return .cropped(input: input, output: output, result: summary)
    }

    /// Crops every job, `options.jobs` at a time. `onOutcome` is called once
    /// per file, one call at a time, with the number done so far.
    public static func run(
        _ jobs: [CropJob], options: CropBatchOptions,
        onOutcome: @escaping @Sendable (_ outcome: CropOutcome, _ done: Int) -> Void
    ) -> CropReport {
        let start = ContinuousClock.now
        struct Progress { var next = 0; var done = 0; var cropped = 0; var skipped = 0; var failed: [Int] = [] }
        let progress = Mutex(Progress())
        let workers = max(1, min(options.jobs, jobs.count))
        var tuned = options
        // Cores no file would use help each file along instead, when they
        // are idle now: not when other programs keep them busy.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        tuned.crop.usesSecondThread = options.jobs >= 2 * workers
            && (IdleCores.now(cores: cores) ?? cores) >= 2 * workers
        let options = tuned
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int? = progress.withLock { state in
                    guard state.next < jobs.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let index else { return }
                let outcome = process(jobs[index], options: options)
                progress.withLock { state in
                    state.done += 1
                    switch outcome {
                    case .cropped: state.cropped += 1
                    case .skipped: state.skipped += 1
                    case .failed: state.failed.append(index)
                    }
                    onOutcome(outcome, state.done)
                }
            }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = elapsed.inSeconds
        return progress.withLock {
            CropReport(cropped: $0.cropped, failed: $0.failed.count, skipped: $0.skipped,
                       failedInputs: $0.failed.sorted().map { jobs[$0].input.path }, seconds: seconds)
        }
    }
}

/// The square written to standard output (`--output -`), as a pipe takes it.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(PhotoWriteError) {
        guard isatty(STDOUT_FILENO) == 0 else {
            throw .io(path: "standard output", reason: "it is a terminal, which cannot show a photo; redirect it to a file or a program")
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { failure = errno; return }
                offset += written
            }
        }
        if failure != 0 { throw PhotoWriteError(errno: failure, path: "standard output") }
    }
}
