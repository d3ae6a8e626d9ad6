import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

@Suite struct FuzzCorpusTests {
    /// Every malformed JPEG ends in a square or a clean one-line error: no
    /// crash, no hang. Each file is timed; a file that takes more than the
    /// budget would mean a decoder stuck in a loop, not a slow machine.
    @Test func everyFuzzFileEndsCleanly() throws {
        let folder = TestImages.fixtures.appendingPathComponent("fuzz-jpeg")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(names.count >= 185, "Tests/Fixtures/fuzz-jpeg: the coverage-picked subset of the AFL corpus (SOURCES.md)")
        var succeeded = 0, failed = 0
        var slowest: (name: String, seconds: Double) = ("", 0)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let start = ContinuousClock.now
            var twoThreads = CropOptions(size: 64)
            twoThreads.usesSecondThread = true  // restart-marker strips, or the decode/resample pipeline
            for options in [CropOptions(size: 64), twoThreads, CropOptions(mode: .lossless)] {
                do {
                    let result = try SquareCropper.crop(bytes, options: options)
                    #expect(result.outputSize.width == result.outputSize.height)
                    succeeded += 1
                } catch {
                    let message = error.description
                    #expect(!message.isEmpty && !message.contains("\n"), "\(name): \(message)")
                    failed += 1
                }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if seconds > slowest.seconds { slowest = (name, seconds) }
        }
        #expect(succeeded > 0 && failed > 0)
        #expect(slowest.seconds < 30, "\(slowest.name) took \(slowest.seconds) s")
        print("fuzz-jpeg: \(succeeded) crops succeeded, \(failed) failed cleanly; slowest file \(slowest.name) in \(slowest.seconds) s")
    }

    /// A 16-bit PNG cut short anywhere, or with a byte changed anywhere,
    /// ends in a square or a clean one-line error, into PNG and into JPEG;
    /// cut short, it never makes a 16-bit square.
    @Test func sixteenBitPNGsCutShortOrCorruptEndCleanly() throws {
        let frame = SixteenBitImages.pattern(width: 48, height: 32, channels: 4)
        let gamma = PNGChunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        let whole = try PNGCodec.encode16(frame, colorChunks: [gamma])
        var variants: [(name: String, bytes: [UInt8], cutShort: Bool)] = []
        for length in Set(Array(stride(from: 0, to: whole.count, by: 37)) + Array((whole.count - 16)..<whole.count)).sorted() {
            variants.append(("cut at \(length)", Array(whole.prefix(length)), true))
        }
        for offset in stride(from: 8, to: whole.count, by: 23) {
            var bytes = whole
            bytes[offset] ^= 0x5A
            variants.append(("byte \(offset) changed", bytes, false))
        }
        var gammaChanged = whole
        gammaChanged[44] ^= 1  // the last byte of gAMA's value: a CRC error in a colour chunk
        variants.append(("gAMA changed", gammaChanged, false))
        var palette = whole
        palette[25] = 3  // a 16-bit palette cannot exist
        variants.append(("16-bit palette", palette, false))
        let allOptions = [CropOptions(format: .png), CropOptions(size: 16, format: .png), CropOptions(mode: .smart, format: .same),
                          CropOptions(size: 16)]
        var succeeded = 0, failed = 0
        for variant in variants {
            for options in allOptions {
                do {
                    let result = try SquareCropper.crop(variant.bytes, options: options)
                    #expect(result.outputSize.width == result.outputSize.height)
                    #expect(!(variant.cutShort && result.format == .png), "\(variant.name): a square of a file cut short")
                    succeeded += 1
                } catch {
                    let message = error.description
                    #expect(!message.isEmpty && !message.contains("\n"), "\(variant.name): \(message)")
                    failed += 1
                }
            }
        }
        #expect(succeeded > 0 && failed > 0)
        #expect(throws: ImagingError.corrupt(detail: "libpng: gAMA: CRC error")) {
            try SquareCropper.crop(gammaChanged, options: CropOptions(format: .png))
        }
        let cut = Array(whole.prefix(whole.count / 2))
        #expect(throws: ImagingError.corrupt(detail: "libpng: the file is cut short")) {
            try SquareCropper.crop(cut, options: CropOptions(format: .png))
        }
        print("16-bit PNG: \(succeeded) crops succeeded, \(failed) failed cleanly, of \(variants.count) damaged files")
    }

    /// A lossless crop takes exactly the files that a crop through
    /// TurboJPEG's transformer (`--libjpeg-only`) takes: each refuses a file
    /// libjpeg warned about, wherever in the file the damage is, and when
    /// both make a square it is the same file. The one difference allowed is
    /// TurboJPEG's own limit: it refuses sampling factors it has no name for,
    /// which our transcoder crops.
    @Test func losslessCropsTakeTheSameFilesEitherWay() throws {
        let folder = TestImages.fixtures.appendingPathComponent("fuzz-jpeg")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        var taken = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            var alone = CropOptions(mode: .lossless)
            alone.libjpegOnly = true
            let ours = Result { () throws(ImagingError) in try SquareCropper.crop(bytes, options: CropOptions(mode: .lossless)).bytes }
            let theirs = Result { () throws(ImagingError) in try SquareCropper.crop(bytes, options: alone).bytes }
            switch (ours, theirs) {
            case let (.success(a), .success(b)):
                #expect(a == b, "\(name)")
                taken += 1
            case (.failure, .failure): break
            case let (.success, .failure(error)) where "\(error)".contains("Could not determine subsampling type"): _ = error
            case let (.success, .failure(error)): Issue.record("\(name): only TurboJPEG refused it: \(error)")
            case let (.failure(error), .success): Issue.record("\(name): only our transcoder refused it: \(error)")
            }
        }
        #expect(taken < names.count, "the fixtures are damaged files")
        print("fuzz-jpeg: \(taken) of \(names.count) files cropped losslessly, the same either way")
    }
}
