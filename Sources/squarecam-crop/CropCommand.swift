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
            throw UsageError(message: "crop needs at least one FILE or DIR. See 'squarecam crop --help'.")
        }
        let quiet = arguments.flag("quiet")
        let (inputs, problems) = CropBatch.collectInputs(arguments.operands, recursive: options.recursive)
        for problem in problems { Console.report(problem) }
        let bar = ProgressBar(total: inputs.count, enabled: ProgressBar.shouldShow(errorIsTerminal: Console.errorIsTerminal, quiet: quiet))
        let dryRun = options.dryRun
        let report = CropBatch.run(inputs, options: options) { outcome, done in
            let line: String? = switch outcome {
            case .failed(let input, let reason):
                "squarecam: \(input): \(reason)\n"
            case .cropped(let input, let output, let result):
                quiet ? nil : describe(input: input, output: output, result: result, dryRun: dryRun)
            }
            if let line {
                let isError = if case .failed = outcome { true } else { false }
                let print: (String) -> Void = isError ? { Console.error($0) } : { Console.out($0) }
                if let bar { bar.printAbove(line, using: print) } else { print(line) }
            }
            bar?.update(done: done)
        }
        bar?.finish()
        if !quiet {
            let verb = dryRun ? "Would crop" : "Cropped"
            let rate = report.seconds > 0 ? " (" + (Double(report.cropped + report.failed) / report.seconds).decimalText(places: 1) + " files/s)" : ""
            Console.error("\(verb) \(report.cropped) file\(report.cropped == 1 ? "" : "s"), \(report.failed + problems.count) failed, in \(report.seconds.decimalText(places: 2)) s\(rate).\n")
        }
        return report.failed + problems.count == 0 ? .success : .failure
    }

    /// "in.jpg -> in-square.jpg (1080x1080)", with the block offset in lossless mode.
    static func describe(input: String, output: String, result: CropSummary, dryRun: Bool) -> String {
        var line = "\(input) -> \(output) (\(result.outputSize)"
        if let offset = result.losslessOffset {
            line += ", square at \(result.square.x),\(result.square.y)"
            if offset.x != 0 || offset.y != 0 {
                let horizontal = offset.x == 0 ? "" : "\(abs(offset.x).shortText) px \(offset.x > 0 ? "right" : "left")"
                let vertical = offset.y == 0 ? "" : "\(abs(offset.y).shortText) px \(offset.y > 0 ? "down" : "up")"
                line += ", " + [horizontal, vertical].filter { !$0.isEmpty }.joined(separator: " and ") + " of centre (block-aligned)"
            } else {
                line += ", exactly centred"
            }
        }
        return line + (dryRun ? ", dry run)\n" : ")\n")
    }

    static func batchOptions(_ arguments: ParsedArguments) throws(UsageError) -> CropBatchOptions {
        var crop = CropOptions()
        if let mode = try arguments.choice("mode", from: CropOptions.Mode.allCases.map(\.rawValue), aliases: ["centre": "center"]) {
            crop.mode = CropOptions.Mode(rawValue: mode)!
        }
        crop.size = try arguments.integer("size", in: 1...65_535)
        crop.quality = try arguments.integer("quality", in: 1...100) ?? ImageDefaults.jpegQuality
        if let subsampling = try arguments.choice("subsampling", from: JPEGSubsampling.allCases.map(\.rawValue)) {
            crop.subsampling = JPEGSubsampling(rawValue: subsampling)
        }
        crop.maxPixels = try arguments.integer("max-pixels", in: 1...4_000_000_000) ?? ImageDefaults.maxPixels
        if let format = try arguments.choice("format", from: CropOptions.Format.allCases.map(\.rawValue)) {
            crop.format = CropOptions.Format(rawValue: format)!
        }
        crop.libjpegOnly = arguments.flag("libjpeg-only")
        crop.metadata = arguments.flag("strip") ? .strip : arguments.flag("strip-location") ? .stripLocation : .keep
        var options = CropBatchOptions(crop: crop)
        options.outputDirectory = arguments.string("output-dir")
        options.inPlace = arguments.flag("in-place")
        options.overwrite = arguments.flag("overwrite")
        options.jobs = try arguments.integer("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        options.recursive = arguments.flag("recursive")
        options.dryRun = arguments.flag("dry-run")
        if options.inPlace && options.outputDirectory != nil {
            throw UsageError(message: "--in-place and --output-dir contradict each other: pick one.")
        }
        if crop.mode == .lossless {
            if crop.size != nil {
                throw UsageError(message: "--mode lossless cannot resize: drop --size, or use --mode center.")
            }
            if crop.format == .png {
                throw UsageError(message: "--mode lossless writes JPEG: drop --format png.")
            }
            if crop.subsampling != nil || arguments.string("quality") != nil {
                throw UsageError(message: "--mode lossless does not re-encode: --quality and --subsampling do not apply.")
            }
        }
        return options
    }
}
