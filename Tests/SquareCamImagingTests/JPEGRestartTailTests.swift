import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// Splitting a JPEG at a restart marker, for decoding it on two cores.
@Suite struct JPEGRestartTailTests {
    static let phonePhoto = "photos/012mp-bus.jpg"  // an iPhone 11 photo: a restart marker every MCU row

    @Test func theTailIsTheLowerPartOfThePicture() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        let tail = try #require(JPEGRestartTail(bytes))
        #expect(tail.mcuRows == 189)
        let start = try #require(tail.balancedStart())
        let cut = start.row  // MCU rows of 16 pixels
        #expect(cut > 0 && cut < tail.mcuRows)
        let lower = try JPEGDecoder.decode(tail.tail(from: start)).frame
        let whole = try JPEGDecoder.decode(bytes).frame
        #expect(lower.size == PixelSize(width: 4032, height: 3024 - cut * 16))
        // Bit for bit, but for the first rows, whose chroma libjpeg smooths
        // with the rows above when it has them.
        let skip = 8
        let compared = PixelRect(x: 0, y: cut * 16 + skip, width: 4032, height: 3024 - cut * 16 - skip)
        let lowerRows = LanczosResampler.crop(lower, source: Rect2D(x: 0, y: Double(skip), width: 4032, height: Double(compared.height)),
                                             to: compared.size)
        #expect(TestImages.meanDifference(lowerRows, whole, regionOfB: compared) == 0)
    }

    @Test func twoStripsGiveTheSameSquareAsOneDecoder() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        var options = CropOptions(size: 1080)
        let one = try SquareCropper.crop(bytes, options: options)
        options.usesSecondThread = true
        #expect(try SquareCropper.crop(bytes, options: options).bytes == one.bytes)
        options.size = 333
        let strips = try SquareCropper.crop(bytes, options: options)
        options.usesSecondThread = false
        #expect(try SquareCropper.crop(bytes, options: options).bytes == strips.bytes)
    }

    /// Damage in either strip fails the crop with the sentence one decoder
    /// gives: the row where it starts, and a file cut short is incomplete,
    /// not corrupt. (A stray marker above the split also throws the lower
    /// strip's start off: the upper strip's damage is the one to report.)
    @Test func damageInEitherStripIsReportedAsOneDecoderReportsIt() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        func marked(at fraction: Double) -> [UInt8] {
            var file = bytes
            let at = Int(Double(bytes.count) * fraction)
            file.replaceSubrange(at..<at + 2, with: [0xFF, 0xD0])
            return file
        }
        let files = [Array(bytes.prefix(bytes.count * 8 / 10)), marked(at: 0.3), marked(at: 0.8)]
        for (index, file) in files.enumerated() {
            Self.expectSameDamage(file, size: 300, "file \(index)") { $0.usesSecondThread = false }
        }
    }

    /// Cropping `file` on two strips fails as damaged, with the sentence
    /// the crop gives once `other` has changed its options.
    private static func expectSameDamage(
        _ file: [UInt8], size: Int, _ label: String, other: (inout CropOptions) -> Void
    ) {
        var options = CropOptions(size: size)
        options.usesSecondThread = true
        let strips = Result { () throws(ImagingError) in try SquareCropper.crop(file, options: options) }
        other(&options)
        let reference = Result { () throws(ImagingError) in try SquareCropper.crop(file, options: options) }
        guard case .failure(.damaged(let split)) = strips, case .failure(.damaged(let expected)) = reference else {
            Issue.record("\(label): \(strips), \(reference)")
            return
        }
        #expect(split == expected, "\(label)")
    }

    /// A restart marker with the wrong number is damage (libjpeg warns "found
    /// marker 0xd3 instead of RST0"), wherever it is: above the cut, at it,
    /// or in the lower strip, whose markers the tail renumbers. Renumbering
    /// them from RST0 regardless once made such a file a clean crop.
    @Test func aRestartMarkerOutOfSequenceFailsAsWithLibjpegAlone() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        // The picture's scan is the file's last (the EXIF thumbnail's comes first).
        let scan = try #require(bytes.indices.dropLast().last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        var markers: [Int] = []
        for index in scan..<bytes.count - 1 where bytes[index] == 0xFF && (0xD0...0xD7).contains(bytes[index + 1]) {
            markers.append(index)
        }
        #expect(markers.count == 188)  // one before each MCU row but the first
        for percent in [10, 45, 50, 55, 80, 95] {
            var file = bytes
            let at = markers[markers.count * percent / 100] + 1
            file[at] = 0xD0 + (file[at] - 0xD0 + 3) & 7
            Self.expectSameDamage(file, size: 1080, "a wrong marker \(percent) % into the markers") { $0.libjpegOnly = true }
        }
    }

    /// Our Huffman decoder reads the strips (libjpeg-turbo's is slow on any
    /// file with restart markers): exactly libjpeg's output, for intervals of
    /// one MCU, of a few MCUs across rows, and of several rows; and where it
    /// meets damage, libjpeg alone decodes the file again and says so.
    @Test func ourDecoderReadsTheStripsAndLeavesDamageToLibjpeg() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        let folder = try ScratchFolder()
        // jpegtran rewrites the markers losslessly: every MCU, every 7 (across rows), every 3 rows.
        for interval in ["1B", "7B", "3"] {
            let output = folder.file("r\(interval).jpg")
            try #require(ScratchFolder.run("/usr/bin/jpegtran", [
                "-restart", interval, "-copy", "all", "-outfile", output,
                TestImages.fixtures.appendingPathComponent(Self.phonePhoto).path,
            ]) == 0, "jpegtran (libjpeg-turbo-progs, scripts/install-deps.sh) rewrites the markers")
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
            var options = CropOptions(size: 1080)
            options.usesSecondThread = true
            let ours = try SquareCropper.crop(file, options: options)
            #expect(ours.path?.fellBack == nil, "interval \(interval)")
            options.libjpegOnly = true
            #expect(try SquareCropper.crop(file, options: options).bytes == ours.bytes, "interval \(interval)")
        }
        var options = CropOptions(size: 1080)
        options.usesSecondThread = true
        options.acceptsDamage = true
        let cut = try SquareCropper.crop(Array(bytes.prefix(bytes.count * 8 / 10)), options: options)
        #expect(cut.path?.fellBack?.contains("our entropy decoding (restart strips)") == true)
    }

    /// The strips split the work, not the rows: a picture whose detail (and
    /// so its coded bytes) is all in one half is cut inside that half, and
    /// each way the square is the one libjpeg alone makes.
    @Test func theCutFollowsTheDetail() throws {
        let folder = try ScratchFolder()
        let side = 1024
        for busyBelow in [true, false] {
            // Flat gray in one half, noise in the other.
            var pixels = [UInt8](repeating: 128, count: side * side * 3)
            var noise: UInt32 = 12345
            for y in 0..<side where (y >= side / 2) == busyBelow {
                for index in (y * side * 3)..<((y + 1) * side * 3) {
                    noise = noise &* 1_664_525 &+ 1_013_904_223
                    pixels[index] = UInt8(truncatingIfNeeded: noise >> 24)
                }
            }
            let frame = Frame(size: PixelSize(width: side, height: side), layout: .rgb,
                              planes: [Frame.Plane(bytes: pixels, stride: side * 3)])
            let plain = folder.file("plain.jpg"), marked = folder.file("marked.jpg")
            try Data(try JPEGEncoder.encode(frame)).write(to: URL(fileURLWithPath: plain))
            try #require(ScratchFolder.run("/usr/bin/jpegtran", ["-restart", "1", "-outfile", marked, plain]) == 0)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: marked)))
            let tail = try #require(JPEGRestartTail(bytes))
            let row = try #require(tail.balancedStart()).row
            if busyBelow {
                #expect(row > tail.mcuRows * 6 / 10, "the cut at MCU row \(row) of \(tail.mcuRows) leaves the lower strip nearly all the bytes")
            } else {
                #expect(row < tail.mcuRows * 4 / 10, "the cut at MCU row \(row) of \(tail.mcuRows) leaves the upper strip nearly all the bytes")
            }
            var options = CropOptions(size: 300)
            options.usesSecondThread = true
            let strips = try SquareCropper.crop(bytes, options: options)
            #expect(strips.path?.decode == .restartStrips && strips.path?.fellBack == nil, "\(String(describing: strips.path))")
            options.libjpegOnly = true
            #expect(try SquareCropper.crop(bytes, options: options).bytes == strips.bytes)
        }
    }

    @Test func filesWithoutRestartMarkersAreNotSplit() throws {
        let plain = try JPEGEncoder.encode(TestImages.gradient(width: 320, height: 240))
        #expect(JPEGRestartTail(plain) == nil)
        #expect(JPEGRestartTail([0xFF, 0xD8, 0xFF]) == nil)
        #expect(JPEGRestartTail([]) == nil)
    }
}
