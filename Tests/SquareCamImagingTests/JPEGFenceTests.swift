import CJPEG
import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The fence around our own JPEG C (cjpeg_fence.c): it lets that code run
/// only against the libjpeg-turbo release it was written for, and the ways
/// taken without it (libjpeg and TurboJPEG alone, also what
/// `crop --libjpeg-only` takes) give the very same files.
@Suite struct JPEGFenceTests {
    /// The other imaging tests test the fast paths only where they run: on
    /// another libjpeg-turbo release they would all quietly test the fallback.
    @Test func theFastPathsRunWithThisLibjpeg() {
        #expect(JPEGDecompressor.ownPathsUsable, "our own JPEG code is fenced off here: \(JPEGDecompressor.ownPathsMismatch ?? "")")
        #expect(JPEGDecompressor.ownPathsMismatch == nil)
    }

    @Test func theSwitchTurnsEveryOwnPathOff() throws {
        let bus = try TestImages.fixture("photos/012mp-bus.jpg")  // restart markers
        let plain = try SharedEntropyDecodingTests.busyJPEG()  // none, one scan
        let planner = CropPlanner(sharedDecodingMinimumBytes: 0)
        for (bytes, fast) in [(bus, CropPlan.Decode.restartStrips), (plain, .sharedEntropyDecoding)] {
            for mode in Self.modes {
                var options = mode
                options.usesSecondThread = true
                let own = try #require(try SquareCropper.crop(bytes, options: options, planner: planner).path)
                options.libjpegOnly = true
                let alone = try #require(try SquareCropper.crop(bytes, options: options, planner: planner).path)
                switch mode.mode {
                case .lossless:
                    #expect(own.decode == .transcoder && alone.decode == .turboJPEG)
                default:
                    #expect(own.plan.limitsColumns && own.limitedColumns)
                    // Both are for resampled planes only: planes→JPEG streams one decoder (its second thread encodes).
                    let expected = own.plan.strategy == .planesToJPEG ? .libjpegAlone : fast
                    #expect(own.decode == expected)
                    #expect(alone.decode == .libjpegAlone && alone.plan.fallback == nil)
                    #expect(!alone.plan.limitsColumns && !alone.limitedColumns)
                }
            }
        }
    }

    @Test(arguments: [
        ("libjpeg-turbo version 2.1.5 (build 20230203)", 2_001_005),
        ("\0\0)\0libjpeg-turbo version 3.0.10 (build 20240101)\0", 3_000_010),
        ("6b  27-Mar-1998\0libjpeg-turbo version 2.0.6 (build 1)\0libjpeg-turbo version 2.1.5", 2_000_006),
        ("libjpeg-turbo version 2.1 (build 1)", 0),
        ("libjpeg-turbo version 2.1.5.1 (build 1)", 0),
        ("libjpeg-turbo version 2.1.51", 2_001_051),
        ("libjpeg-turbo version 2.1.5", 2_001_005),
        ("libjpeg-turbo version x.1.5", 0),
        ("libjpeg-turbo version 2.1.12345", 0),
        ("Copyright (C) 1991-2023 The libjpeg-turbo Project and many others", 0),
        ("", 0),
    ])
    func theReleaseIsReadFromTheLibrarysText(text: String, release: Int) {
        let bytes = Array(text.utf8)
        #expect(cjpeg_release_named_in(bytes, bytes.count) == release, "\(text.debugDescription)")
    }

    /// The loaded libjpeg's text names the release its headers name (jconfig.h).
    @Test func theLoadedLibraryIsTheOneBuiltAgainst() {
        var why: UnsafePointer<CChar>? = nil
        #expect(cjpeg_own_paths_usable(&why) == 1)
        #expect(why.map { String(cString: $0) } == "")
    }

    /// Files that reach every fast path: restart markers (strips), none
    /// (shared entropy decoding), progressive (column limiting over several
    /// scans), every sampling, sides that are not whole blocks, every turn.
    static let files: [String] = {
        var names = ["photos/012mp-bus.jpg", "libjpeg-turbo/testorig.jpg", "libjpeg-turbo/testimgint.jpg",
                     "libjpeg-turbo/testimgari.jpg"]
        names += (1...8).flatMap { ["orientation/Landscape_\($0).jpg", "orientation/Portrait_\($0).jpg"] }
        // Damaged files too: each way must fail alike or make the same square.
        let fuzz = TestImages.fixtures.appendingPathComponent("fuzz-jpeg")
        let damaged = ((try? FileManager.default.contentsOfDirectory(atPath: fuzz.path)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
        names += stride(from: 0, to: damaged.count, by: 5).map { "fuzz-jpeg/" + damaged[$0] }
        return names
    }()

    static let synthetic: [(String, [UInt8])] = {
        var made: [(String, [UInt8])] = []
        for subsampling in [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray] {
            let jpeg = try! SharedEntropyDecodingTests.busyJPEG(width: 1003, height: 771, subsampling: subsampling)
            made.append(("busy \(subsampling.rawValue)", jpeg))
            let progressive = try! TranscoderDifferentialTests.recode(jpeg, progressive: true, optimise: true)
            made.append(("busy \(subsampling.rawValue) progressive", progressive))
            // Cut after its first scan (the DC one), as a broken download is:
            // libjpeg then smooths blocks with their neighbours.
            let scans = progressive.indices.dropLast().filter { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA }
            made.append(("busy \(subsampling.rawValue) progressive, first scan only",
                         Array(progressive[..<scans[1]]) + [0xFF, 0xD9]))
        }
        return made
    }()

    /// What `options` make of `bytes`: the file, or the error's text.
    static func outcome(_ bytes: [UInt8], _ options: CropOptions) -> String {
        do {
            // Small files too have their coded data decoded by two threads.
            let bytes = try SquareCropper.crop(bytes, options: options, planner: CropPlanner(sharedDecodingMinimumBytes: 0)).bytes
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
            return "\(bytes.count) bytes, FNV-1a \(hash)"
        } catch {
            return "error: \(error)"
        }
    }

    /// Each mode: the full-resolution square, a resized one, a lossless one.
    static let modes: [CropOptions] = [CropOptions(), CropOptions(size: 301), CropOptions(mode: .lossless)]

    /// Every mode makes the same file with and without our own code, or
    /// fails with the same sentence: valid files must crop; a damaged one
    /// fails alike in every mode. Lossless crops of a broken file fail
    /// together too (both transcoders read the whole file, and libjpeg's
    /// warnings are damage either way), though not always in the same words:
    /// TurboJPEG refuses unusual sampling factors before libjpeg reads a table.
    static func expectSameFiles(_ name: String, _ bytes: [UInt8], damaged: Bool = false) {
        for mode in modes {
            var fast = mode
            fast.usesSecondThread = true
            var plain = fast
            plain.libjpegOnly = true
            let (ours, theirs) = (outcome(bytes, fast), outcome(bytes, plain))
            let label = "\(name), \(mode.mode) \(mode.size.map(String.init) ?? "full")"
            if damaged && mode.mode == .lossless && ours.hasPrefix("error") && theirs.hasPrefix("error") { continue }
            #expect(ours == theirs, "\(label)")
            if !damaged { #expect(!ours.hasPrefix("error"), "\(label)") }
        }
    }

    @Test(arguments: files)
    func libjpegAloneMakesTheSameFilesFromTheFixtures(file: String) throws {
        Self.expectSameFiles(file, try TestImages.fixture(file), damaged: file.hasPrefix("fuzz-jpeg/"))
    }

    @Test func libjpegAloneMakesTheSameFilesFromEverySampling() {
        for (name, bytes) in Self.synthetic { Self.expectSameFiles(name, bytes) }
    }
}
