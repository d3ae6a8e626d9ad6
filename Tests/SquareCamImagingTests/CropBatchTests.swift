import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

@Suite struct CropBatchTests {
    func writeJPEG(_ path: String, width: Int = 120, height: Int = 80) throws {
        try Data(try JPEGEncoder.encode(TestImages.gradient(width: width, height: height))).write(to: URL(fileURLWithPath: path))
    }

    func size(of path: String) throws -> PixelSize {
        try JPEGDecoder.header(of: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).size
    }

    /// One input planned and cropped, as a batch of one does.
    func process(_ path: String, _ options: CropBatchOptions) -> CropOutcome {
        CropBatch.process(CropDestinations.plan([CropInput(path: path)], options: options)[0], options: options)
    }

    @Test func writesNameSquareNextToTheInput() throws {
        let folder = try ScratchFolder()
        try writeJPEG(folder.file("a.jpg"))
        let outcome = process(folder.file("a.jpg"), CropBatchOptions())
        guard case .cropped(_, let output, let summary) = outcome else { Issue.record("failed: \(outcome)"); return }
        #expect(output == folder.file("a-square.jpg"))
        #expect(try size(of: output) == PixelSize(width: 80, height: 80))
        #expect(summary.bytesWritten > 0)
        #expect(try size(of: folder.file("a.jpg")) == PixelSize(width: 120, height: 80), "the input is untouched")
    }

    @Test func anExistingOutputIsAnErrorUnlessOverwrite() throws {
        let folder = try ScratchFolder()
        try writeJPEG(folder.file("a.jpg"))
        try folder.write("a-square.jpg", "keep me")
        let refused = process(folder.file("a.jpg"), CropBatchOptions())
        guard case .failed(_, let reason) = refused else { Issue.record("should fail"); return }
        #expect(reason.contains("already exists") && reason.contains("--overwrite"))
        #expect(try String(contentsOfFile: folder.file("a-square.jpg"), encoding: .utf8) == "keep me")
        let replaced = process(folder.file("a.jpg"), CropBatchOptions(overwrite: true))
        guard case .cropped = replaced else { Issue.record("should succeed: \(replaced)"); return }
        #expect(try size(of: folder.file("a-square.jpg")) == PixelSize(width: 80, height: 80))
    }

    @Test func inPlaceReplacesTheInputAtomically() throws {
        let folder = try ScratchFolder()
        try writeJPEG(folder.file("a.jpg"))
        let outcome = process(folder.file("a.jpg"), CropBatchOptions(inPlace: true))
        guard case .cropped(_, let output, _) = outcome else { Issue.record("failed: \(outcome)"); return }
        #expect(output == CropDestinations.real(folder.file("a.jpg")))
        #expect(try size(of: folder.file("a.jpg")) == PixelSize(width: 80, height: 80))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["a.jpg"], "no temporary or extra files: \(leftovers)")
    }

    @Test func inPlaceRefusesToChangeTheFormatBehindTheName() throws {
        let folder = try ScratchFolder()
        let png = try PNGCodec.encode(TestImages.gradient(width: 40, height: 30))
        try Data(png).write(to: URL(fileURLWithPath: folder.file("a.png")))
        let outcome = process(folder.file("a.png"), CropBatchOptions(inPlace: true))
        guard case .failed(_, let reason) = outcome else { Issue.record("should fail"); return }
        #expect(reason.contains("--in-place"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("a.png")))) == png)
        var options = CropBatchOptions(inPlace: true)
        options.crop.format = .same
        guard case .cropped = process(folder.file("a.png"), options) else {
            Issue.record("PNG in place as PNG should work"); return
        }
        #expect(try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("a.png"))))).size == PixelSize(width: 30, height: 30))
    }

    @Test func dryRunWritesNothing() throws {
        let folder = try ScratchFolder()
        try writeJPEG(folder.file("a.jpg"))
        let outcome = process(folder.file("a.jpg"), CropBatchOptions(dryRun: true))
        guard case .cropped(_, let output, let summary) = outcome else { Issue.record("failed: \(outcome)"); return }
        #expect(output == folder.file("a-square.jpg"))
        #expect(summary.bytesWritten == 0)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func foldersAreScannedAndOutputsMirroredUnderOutputDir() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in/sub"), withIntermediateDirectories: true)
        try writeJPEG(folder.file("in/a.jpg"))
        try writeJPEG(folder.file("in/sub/b.JPG"))
        try writeJPEG(folder.file("in/a-square.jpg"))  // an earlier output: skipped
        try folder.write("in/notes.txt", "not a photo")
        let flat = CropInputs([folder.file("in")], recursive: false)
        #expect(flat.inputs.map(\.path) == [folder.file("in/a.jpg")])
        let deep = CropInputs([folder.file("in")], recursive: true)
        #expect(deep.inputs.map(\.path) == [folder.file("in/a.jpg"), folder.file("in/sub/b.JPG")])
        let options = CropBatchOptions(outputDirectory: folder.file("out"), jobs: 2)
        let report = CropBatch.run(CropDestinations.plan(deep.inputs, options: options), options: options) { _, _ in }
        #expect(report.cropped == 2 && report.failed == 0)
        #expect(try size(of: folder.file("out/a-square.jpg")) == PixelSize(width: 80, height: 80))
        #expect(try size(of: folder.file("out/sub/b-square.jpg")) == PixelSize(width: 80, height: 80))
        let missing = CropInputs([folder.file("nope")], recursive: false)
        #expect(missing.inputs.isEmpty && missing.problems.count == 1)
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let folder = try ScratchFolder()
        try writeJPEG(folder.file("a.jpg"))
        try folder.write("b.jpg", "this is not a JPEG")
        try writeJPEG(folder.file("c.jpg"))
        let inputs = CropInputs([folder.path], recursive: false).inputs
        let outcomes = OutcomeLog()
        let options = CropBatchOptions(jobs: 2)
        let report = CropBatch.run(CropDestinations.plan(inputs, options: options), options: options) { outcome, _ in outcomes.append(outcome) }
        #expect(report.cropped == 2 && report.failed == 1)
        let failures = outcomes.all.compactMap { outcome -> String? in
            if case .failed(let input, let reason) = outcome { return input + ": " + reason } else { return nil }
        }
        #expect(failures.count == 1 && failures[0].hasPrefix(folder.file("b.jpg")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("b-square.jpg")), "no partial output for the bad file")
    }
}

/// Collects outcomes from the batch's callback (which is serialised).
final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [CropOutcome] = []
    func append(_ outcome: CropOutcome) { lock.withLock { outcomes.append(outcome) } }
    var all: [CropOutcome] { lock.withLock { outcomes } }
}
