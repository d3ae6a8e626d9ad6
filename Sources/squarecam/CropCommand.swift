import Foundation
import SquareCamCore
import SquareCamImaging

/// `squarecam crop`: square crops of existing photos, many at a time.
enum CropCommand: Command {
    static let spec = CommandSpec(
        name: "crop",
        summary: "Square-crops photos (JPEG, PNG, HEIF/HEIC): right side up, EXIF kept and corrected, never a partial or overwritten file.",
        usage: "[options] FILE|DIR...",
        options: [
            .value("mode", short: "m", "MODE", "center (the centred square of the upright photo; default), smart (the square with the most detail, colour and skin tones), or lossless (JPEG only: no re-encoding; the square starts on the nearest 8/16-pixel block and the offset is reported)."),
            .value("size", short: "s", "N", "Side of the output in pixels (default: the full-resolution square; never enlarges)."),
            .value("quality", short: "q", "Q", "JPEG quality 1–100 (default 90)."),
            .value("subsampling", "S", "Chroma subsampling: 444, 422, 420 or gray (default: as the input)."),
            .value("output-dir", short: "o", "DIR", "Write the squares into DIR (sub-folders mirrored) instead of next to each input as NAME-square.jpg."),
            .flag("in-place", "Replace each input with its square (atomically)."),
            .flag("overwrite", "Replace outputs that already exist (otherwise that file fails)."),
            .value("jobs", short: "j", "N", "Files cropped at once (default: the number of CPU cores)."),
            .flag("recursive", short: "r", "Also crop the photos in sub-folders of folders given."),
            .flag("dry-run", short: "n", "Say what would be written, write nothing."),
            .value("max-pixels", "N", "Refuse images whose header claims more than N pixels, before decoding (default 200000000)."),
            .value("format", "FORMAT", "Output format: jpeg (default), png, or same (PNG stays PNG, the rest becomes JPEG)."),
            .flag("strip-location", "Remove GPS position from the EXIF."),
            .flag("strip", "Remove all metadata (EXIF, ICC profile)."),
            .flag("quiet", "Print only errors: no progress bar, file list or summary."),
        ],
        acceptsOperands: true,
        examples: [
            ("squarecam crop IMG_0042.jpg", "writes IMG_0042-square.jpg next to it: the centred square, upright"),
            ("squarecam crop --size 1080 -o squares ~/Pictures/trip", "1080×1080 squares of every photo in the folder, into ./squares"),
            ("squarecam crop --mode lossless --in-place *.jpg", "replaces each JPEG by its square without re-encoding"),
            ("squarecam crop --mode smart --strip-location -r photos", "the most interesting square of each photo, without GPS"),
        ],
        notes: [
            "Metadata: EXIF is kept with Orientation set to 1, the new dimensions and no thumbnail; the ICC profile is kept. CMYK JPEGs are converted to RGB without their CMYK profile. PNG output carries no metadata.",
            ExitCode.helpParagraph([.success, .failure, .usage]),
        ]
    )

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
            let rate = report.seconds > 0 ? String(format: " (%.1f files/s)", Double(report.cropped + report.failed) / report.seconds) : ""
            Console.error("\(verb) \(report.cropped) file\(report.cropped == 1 ? "" : "s"), \(report.failed + problems.count) failed, in \(String(format: "%.2f", report.seconds)) s\(rate).\n")
        }
        return report.failed + problems.count == 0 ? .success : .failure
    }

    /// "in.jpg -> in-square.jpg (1080x1080)", with the block offset in lossless mode.
    static func describe(input: String, output: String, result: CropSummary, dryRun: Bool) -> String {
        var line = "\(input) -> \(output) (\(result.outputSize)"
        if let offset = result.losslessOffset {
            line += ", square at \(result.square.x),\(result.square.y)"
            if offset.x != 0 || offset.y != 0 {
                let horizontal = offset.x == 0 ? "" : String(format: "%g px %@", abs(offset.x), offset.x > 0 ? "right" : "left")
                let vertical = offset.y == 0 ? "" : String(format: "%g px %@", abs(offset.y), offset.y > 0 ? "down" : "up")
                line += ", " + [horizontal, vertical].filter { !$0.isEmpty }.joined(separator: " and ") + " of centre (block-aligned)"
            } else {
                line += ", exactly centred"
            }
        }
        return line + (dryRun ? ", dry run)\n" : ")\n")
    }

    static func batchOptions(_ arguments: ParsedArguments) throws(UsageError) -> CropBatchOptions {
        var crop = CropOptions()
        if let mode = try arguments.choice("mode", from: CropOptions.Mode.allCases.map(\.rawValue)) {
            crop.mode = CropOptions.Mode(rawValue: mode)!
        }
        crop.size = try arguments.integer("size", in: 1...65_535)
        crop.quality = try arguments.integer("quality", in: 1...100) ?? 90
        if let subsampling = try arguments.choice("subsampling", from: JPEGSubsampling.allCases.map(\.rawValue)) {
            crop.subsampling = JPEGSubsampling(rawValue: subsampling)
        }
        crop.maxPixels = try arguments.integer("max-pixels", in: 1...4_000_000_000) ?? 200_000_000
        if let format = try arguments.choice("format", from: CropOptions.Format.allCases.map(\.rawValue)) {
            crop.format = CropOptions.Format(rawValue: format)!
        }
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
