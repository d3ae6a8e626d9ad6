#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// `squarecam crop`: square crops of existing photos, many at a time.
enum CropCommand: Command {
    static let spec = CommandSpec.crop

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let options = try batchOptions(arguments)
        guard !arguments.operands.isEmpty else {
            throw UsageError(message: "crop needs at least one FILE or DIR (or - for standard input). See 'squarecam crop --help'.")
        }
        let found = CropInputs(arguments.operands, recursive: options.recursive)
        if let output = options.outputFile, found.inputs.count + found.problems.count > 1 {
            throw UsageError(message: "--output \(output) names one square, but \(found.inputs.count + found.problems.count) inputs were given: use --output-dir DIR for several.")
        }
        let printer = CropPrinter(
            quiet: arguments.flag("quiet"), json: arguments.flag("json"), dryRun: options.dryRun,
            imageOnStandardOutput: options.outputFile == "-", total: found.inputs.count, verbose: arguments.flag("verbose"))
        for problem in found.problems { printer.print(.failed(input: problem.path, reason: problem.reason), done: 0) }
        let jobs = CropDestinations.plan(found.inputs, options: options)
        let report = CropBatch.run(jobs, options: options) { outcome, done in printer.print(outcome, done: done) }
        printer.finish(report, found: found)
        return report.failed + found.problems.count == 0 ? .success : .failure
    }

    static func batchOptions(_ arguments: ParsedArguments) throws(UsageError) -> CropBatchOptions {
        var crop = CropOptions()
        if let mode = try arguments.choice("mode", from: CropOptions.Mode.allCases.map(\.rawValue), aliases: ["centre": "center"]) {
            crop.mode = CropOptions.Mode(rawValue: mode)!
        }
        crop.size = try arguments.integer("size", in: ImageDefaults.squareSides)
        crop.quality = try arguments.integer("quality", in: 1...100) ?? ImageDefaults.jpegQuality
        if let subsampling = try arguments.choice("subsampling", from: JPEGSubsampling.allCases.map(\.rawValue)) {
            crop.subsampling = JPEGSubsampling(rawValue: subsampling)
        }
        crop.maxPixels = try arguments.integer("max-pixels", in: 1...4_000_000_000) ?? ImageDefaults.maxPixels
        if let format = try arguments.choice("format", from: CropOptions.Format.allCases.map(\.rawValue)) {
            crop.format = CropOptions.Format(rawValue: format)!
        }
        if arguments.flag("circle") {
            if crop.format != .png, arguments.string("format") != nil {
                throw UsageError(message: "--circle writes PNG (a JPEG cannot be transparent): drop --format \(crop.format.rawValue).")
            }
            crop.circle = true
            crop.format = .png
        }
        crop.libjpegOnly = arguments.flag("libjpeg-only")
        crop.acceptsDamage = arguments.flag("accept-damaged")
        crop.metadata = arguments.flag("strip") ? .strip : arguments.flag("strip-location") ? .stripLocation : .keep
        var options = CropBatchOptions(crop: crop)
        options.outputDirectory = arguments.string("output-dir")
        options.outputFile = arguments.string("output")
        options.inPlace = arguments.flag("in-place")
        options.overwrite = arguments.flag("overwrite")
        options.skipExisting = arguments.flag("skip-existing")
        options.preserve = arguments.flag("preserve")
        options.jobs = try arguments.integer("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        options.recursive = arguments.flag("recursive")
        options.dryRun = arguments.flag("dry-run")
        try checkCombinations(arguments, options)
        return options
    }

    /// Options that contradict each other, or do nothing together, are usage errors.
    private static func checkCombinations(_ arguments: ParsedArguments, _ options: CropBatchOptions) throws(UsageError) {
        let crop = options.crop
        let given = { (name: String) in arguments.flag(name) || arguments.string(name) != nil }
        let exclusive = [("in-place", "output-dir"), ("in-place", "output"), ("output", "output-dir"),
                         ("skip-existing", "overwrite"), ("skip-existing", "in-place"),
                         ("quiet", "verbose")]
        for (first, second) in exclusive where given(first) && given(second) {
            throw UsageError(message: "--\(first) and --\(second) contradict each other: pick one.")
        }
        if options.outputFile == "-" && arguments.flag("json") {
            throw UsageError(message: "--output - puts the photo on standard output, where --json would go too: drop one.")
        }
        if crop.format == .png && arguments.string("quality") != nil {
            throw UsageError(message: crop.circle
                ? "--quality sets JPEG quality; a round avatar is a lossless PNG: drop --quality."
                : "--quality sets JPEG quality; PNG is lossless: drop --quality or --format png.")
        }
        if crop.mode == .lossless {
            if crop.size != nil {
                throw UsageError(message: "--mode lossless cannot resize: drop --size, or use --mode center.")
            }
            if crop.circle {
                throw UsageError(message: "--mode lossless cannot make a round avatar (it does not re-encode): drop --circle, or use --mode center.")
            }
            if crop.format == .png {
                throw UsageError(message: "--mode lossless writes JPEG: drop --format png.")
            }
            if crop.subsampling != nil || arguments.string("quality") != nil {
                throw UsageError(message: "--mode lossless does not re-encode: --quality and --subsampling do not apply.")
            }
        }
    }
}
