import SquareCamCore
import Testing
@testable import SquareCamImaging

/// Splitting a JPEG at a restart marker, for decoding it on two cores.
@Suite struct JPEGRestartTailTests {
    static let phonePhoto = "photos/012mp-bus.jpg"  // an iPhone 11 photo: a restart marker every MCU row

    @Test func theTailIsTheLowerPartOfThePicture() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        let tail = try #require(JPEGRestartTail(bytes))
        #expect(tail.mcuRows == 189 && tail.rowStep == 1)
        let cut = 100  // MCU rows of 16 pixels
        let lower = try JPEGDecoder.decode(tail.tail(from: try #require(tail.start(ofMCURow: cut)))).frame
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
            var options = CropOptions(size: 300)
            options.usesSecondThread = true
            let strips = Result { () throws(ImagingError) in try SquareCropper.crop(file, options: options) }
            options.usesSecondThread = false
            let one = Result { () throws(ImagingError) in try SquareCropper.crop(file, options: options) }
            guard case .failure(.damaged(let split)) = strips, case .failure(.damaged(let whole)) = one else {
                Issue.record("file \(index): \(strips), \(one)")
                continue
            }
            #expect(split == whole, "file \(index)")
        }
    }

    @Test func filesWithoutRestartMarkersAreNotSplit() throws {
        let plain = try JPEGEncoder.encode(TestImages.gradient(width: 320, height: 240))
        #expect(JPEGRestartTail(plain) == nil)
        #expect(JPEGRestartTail([0xFF, 0xD8, 0xFF]) == nil)
        #expect(JPEGRestartTail([]) == nil)
    }
}
