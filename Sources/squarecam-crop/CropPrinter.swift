#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCommandLine
import SquareCamImaging

/// What `crop` prints as files are done: a line per file (or a JSON object
/// per file with `--json`) on standard output, errors, warnings and the
/// summary on standard error, a progress bar on a terminal. With the photo
/// itself on standard output (`--output -`), every line goes to standard error.
struct CropPrinter: Sendable {
    let quiet: Bool
    let json: Bool
    let dryRun: Bool
    let imageOnStandardOutput: Bool
    /// `--verbose`: each file's crop plan in a line after its own.
    let verbose: Bool
    /// `SQUARECAM_TRACE=1`: the plans in the debug log on standard error too.
    let traces: Bool
    private let bar: ProgressBar?

    init(quiet: Bool, json: Bool, dryRun: Bool, imageOnStandardOutput: Bool, total: Int, verbose: Bool = false,
         traces: Bool = ProcessInfo.processInfo.environment["SQUARECAM_TRACE"] == "1") {
        self.quiet = quiet
        self.json = json
        self.dryRun = dryRun
        self.imageOnStandardOutput = imageOnStandardOutput
        self.verbose = verbose
        self.traces = traces
        bar = ProgressBar(total: total, enabled: ProgressBar.shouldShow(errorIsTerminal: Console.errorIsTerminal, quiet: quiet || json))
    }

    /// One file's outcome (or an operand's that named nothing to crop); `done` files so far.
    func print(_ outcome: CropOutcome, done: Int) {
        if json { Console.out(FileRecord(outcome, dryRun: dryRun).line) }
        switch outcome {
        case .failed(let input, let reason):
            emit("squarecam: \(Console.printable(input)): \(reason)\n", isError: true)
        case .skipped(let input, let output):
            if !quiet && !json { emit("\(Console.printable(input)): skipped, \(Console.printable(output)) exists\n", isError: imageOnStandardOutput) }
        case .cropped(let input, let output, let result):
            if let damage = result.damage {
                emit("squarecam: warning: \(Console.printable(input)): \(damage); cropped anyway, what could not be read is grey\n", isError: true)
            }
            if !quiet && !json {
                emit(Self.describe(input: input, output: output, result: result, dryRun: dryRun), isError: imageOnStandardOutput)
                if verbose { emit("  \(Self.describePlan(result))\n", isError: imageOnStandardOutput) }
            }
            if traces { emit("squarecam-trace: crop \(Console.printable(input)) \(Self.describePlan(result))\n", isError: true) }
        }
        bar?.update(done: done)
    }

    private func emit(_ line: String, isError: Bool) {
        let print: (String) -> Void = isError ? { Console.error($0) } : { Console.out($0) }
        if let bar { bar.printAbove(line, using: print) } else { print(line) }
    }

    /// The summary on standard error: counts, what was left out and why, and the failed files again.
    func finish(_ report: CropReport, found: CropInputs) {
        bar?.finish()
        guard !quiet else { return }
        let verb = dryRun ? "Would crop" : "Cropped"
        var parts = ["\(verb) \(report.cropped) file\(report.cropped == 1 ? "" : "s")", "\(report.failed + found.problems.count) failed"]
        if report.skipped > 0 { parts.append("\(report.skipped) skipped (their squares exist)") }
        let rate = report.cropped > 0 && report.seconds > 0
            ? " (" + (Double(report.cropped) / report.seconds).decimalText(places: 1) + " files/s)" : ""
        var text = parts.joined(separator: ", ") + ", in \(report.seconds.decimalText(places: 2)) s\(rate).\n"
        if found.skippedSquares > 0 {
            let files = found.skippedSquares == 1 ? "1 file whose name ends" : "\(found.skippedSquares) files whose names end"
            text += "Left out \(files) in -square: squares made earlier (name one on the command line to crop it again).\n"
        }
        if found.skippedFolderLinks > 0 {
            let links = found.skippedFolderLinks == 1 ? "1 link to a folder" : "\(found.skippedFolderLinks) links to folders"
            text += "Did not follow \(links) (name a folder itself to crop what is in it).\n"
        }
        let failed = found.problems.map(\.path) + report.failedInputs
        if !failed.isEmpty && report.cropped + report.skipped + failed.count > 1 {
            text += "Failed:\n" + failed.map { "  \(Console.printable($0))\n" }.joined()
        }
        Console.error(text)
    }

    /// "plan: resampled planes at 2/8, decode restart strips, …", or how a
    /// PNG or HEIF file is cropped (decoded whole: it has no plan to choose).
    static func describePlan(_ result: CropSummary) -> String {
        result.path?.description ?? "plan: decoded whole (not a JPEG), resampled, encoded"
    }

    /// "in.jpg -> in-square.jpg (1080x1080)", with the block offset in lossless mode.
    static func describe(input: String, output: String, result: CropSummary, dryRun: Bool) -> String {
        let target = output == "-" ? "standard output" : Console.printable(output)
        var line = "\(Console.printable(input)) -> \(target) (\(result.outputSize)"
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
}

/// One line of `crop --json`: a file's outcome.
struct FileRecord: Encodable {
    struct Square: Encodable { let x: Int, y: Int, side: Int }
    struct Offset: Encodable { let x: Double, y: Double }

    var input: String
    var output: String?
    /// cropped, planned (a dry run), skipped or failed.
    var status: String
    var width: Int?
    var height: Int?
    /// The square taken, in the upright input's pixels.
    var square: Square?
    /// Lossless mode: the block-aligned square's centre against the picture's (right and down positive).
    var offset: Offset?
    var bytes: Int?
    /// Why it failed, or the damage of a file cropped with --accept-damaged.
    var reason: String?

    init(_ outcome: CropOutcome, dryRun: Bool) {
        switch outcome {
        case .failed(let input, let reason):
            self.input = input
            status = "failed"
            self.reason = reason
        case .skipped(let input, let output):
            self.input = input
            self.output = output
            status = "skipped"
        case .cropped(let input, let output, let result):
            self.input = input
            self.output = output
            status = dryRun ? "planned" : "cropped"
            width = result.outputSize.width
            height = result.outputSize.height
            square = Square(x: result.square.x, y: result.square.y, side: result.square.width)
            offset = result.losslessOffset.map { Offset(x: $0.x, y: $0.y) }
            bytes = dryRun ? nil : result.bytesWritten
            reason = result.damage?.description
        }
    }

    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
