import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// 16-bit PNGs are read and written with every sample as stored.
@Suite struct SixteenBitPNGTests {
    static let png = CropOptions(format: .png)
    static let gamma = PNGChunk(type: "gAMA", data: bigEndian([45455]))
    // sRGB's white point and primaries, ×100000.
    static let chromaticities = PNGChunk(type: "cHRM", data: bigEndian([31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]))

    static func bigEndian(_ values: [Int]) -> [UInt8] {
        values.flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    }

    @Test(arguments: 1...4)
    func ourWriterAndReaderKeepEverySample(channels: Int) throws {
        let folder = try ScratchFolder()
        let frame = SixteenBitImages.pattern(width: 23, height: 17, channels: channels)
        let file = try PNGCodec.encode16(frame)
        #expect(PNGCodec.isSixteenBit(file))
        #expect(SixteenBitImages.depthAndColorType(file) == (16, SixteenBitImages.colorTypes[channels]!))
        #expect(try PNGCodec.decode16(file).frame == frame)
        // Another reader sees the same.
        #expect(try SixteenBitImages.identifiedDepth(file, in: folder) == "16")
        #expect(try SixteenBitImages.samplesByImageMagick(file, channels: channels, in: folder) == frame.samples)
    }

    @Test func readsWhatImageMagickWrites() throws {
        let folder = try ScratchFolder()
        let frame = SixteenBitImages.pattern(width: 31, height: 19, channels: 3)
        let raw = frame.samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        try Data(raw).write(to: URL(fileURLWithPath: folder.file("in.rgb")))
        for interlace in ["None", "PNG"] {
            let output = folder.file("magick-\(interlace).png")
            _ = try SixteenBitImages.magick("convert", ["-size", "31x19", "-depth", "16", "-endian", "MSB", "rgb:" + folder.file("in.rgb"),
                                                        "-interlace", interlace, "-define", "png:bit-depth=16", output])
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
            #expect(file[28] == (interlace == "PNG" ? 1 : 0), "IHDR's interlace method")
            #expect(try PNGCodec.decode16(file).frame == frame, "interlace \(interlace)")
        }
    }

    @Test(arguments: [CropOptions.Mode.center, .smart])
    func headersClaimingTooManyPixelsAreRejected(mode: CropOptions.Mode) throws {
        let input = try PNGCodec.encode16(SixteenBitImages.pattern(width: 200, height: 100, channels: 3))
        #expect(throws: ImagingError.tooLarge(size: PixelSize(width: 200, height: 100), limit: 10_000)) {
            try SquareCropper.crop(input, options: CropOptions(mode: mode, maxPixels: 10_000, format: .png))
        }
        #expect(throws: ImagingError.tooLarge(size: PixelSize(width: 200, height: 100), limit: 10_000)) {
            try PNGCodec.decode16(input, maxPixels: 10_000)
        }
    }

    @Test func eightBitPNGsStayEightBit() throws {
        let input = try PNGCodec.encode(TestImages.gradient(width: 90, height: 60))
        #expect(!PNGCodec.isSixteenBit(input))
        let result = try SquareCropper.crop(input, options: Self.png)
        #expect(SixteenBitImages.depthAndColorType(result.bytes).depth == 8)
        #expect(throws: ImagingError.self) { try PNGCodec.decode16(input) }
    }
}
