import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// 16-bit PNGs cropped to PNG keep 16 bits, their colour type and their
/// colour chunks; to JPEG they become 8-bit as before.
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

    /// A file ImageMagick wrote, plain and interlaced (Adam7), reads as its samples.
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

    @Test(arguments: 1...4, [CropOptions.Format.png, .same])
    func theFullResolutionSquareKeepsEverySample(channels: Int, format: CropOptions.Format) throws {
        for size in [PixelSize(width: 60, height: 40), PixelSize(width: 30, height: 51)] {
            let frame = SixteenBitImages.pattern(width: size.width, height: size.height, channels: channels)
            let result = try SquareCropper.crop(try PNGCodec.encode16(frame), options: CropOptions(format: format))
            #expect(result.format == .png)
            #expect(result.square == size.centeredSquare)
            #expect(SixteenBitImages.depthAndColorType(result.bytes) == (16, SixteenBitImages.colorTypes[channels]!))
            let output = try PNGCodec.decode16(result.bytes).frame
            #expect(output.size == size.centeredSquare.size)
            #expect(output.samples == SixteenBitImages.samples(of: frame, in: size.centeredSquare))
        }
    }

    /// Values one step apart, the high byte the same throughout: 8 bits would make them one grey.
    @Test func aGradientInTheLowByteSurvives() throws {
        let samples = (0..<40).flatMap { _ in (0..<256).map { UInt16(0x4000 + $0) } }
        let frame = Frame16(size: PixelSize(width: 256, height: 40), channels: 1, samples: samples)
        let result = try SquareCropper.crop(try PNGCodec.encode16(frame), options: Self.png)
        let output = try PNGCodec.decode16(result.bytes).frame
        #expect(output.size == PixelSize(width: 40, height: 40))
        #expect(Array(output.samples.prefix(40)) == (108..<148).map { UInt16(0x4000 + $0) })
        #expect(Set(output.samples).count == 40)
    }

    @Test(arguments: [3, 4])
    func aResizedSquareKeepsTheMeanAndSixteenBits(channels: Int) throws {
        let frame = SixteenBitImages.gradient(width: 300, height: 200, channels: channels)
        let result = try SquareCropper.crop(try PNGCodec.encode16(frame), options: CropOptions(size: 64, format: .png))
        #expect(result.outputSize == PixelSize(width: 64, height: 64))
        #expect(SixteenBitImages.depthAndColorType(result.bytes) == (16, SixteenBitImages.colorTypes[channels]!))
        let output = try PNGCodec.decode16(result.bytes).frame
        let square = SixteenBitImages.samples(of: frame, in: PixelRect(x: 50, y: 0, width: 200, height: 200))
        for channel in 0..<channels {
            func mean(_ samples: [UInt16]) -> Double {
                let picked = stride(from: channel, to: samples.count, by: channels).map { Double(samples[$0]) }
                return picked.reduce(0, +) / Double(picked.count)
            }
            let difference = abs(mean(output.samples) - mean(square))
            #expect(difference < 40, "channel \(channel): the means differ by \(difference) of 65535")
        }
        // 8-bit values widened to 16 would all be multiples of 257.
        let widenedLooking = output.samples.filter { $0 % 257 == 0 }.count
        #expect(widenedLooking < output.samples.count / 20, "\(widenedLooking) of \(output.samples.count) samples look 8-bit")
        #expect(Set(output.samples.map { $0 & 0xFF }).count > 200, "the low bytes vary")
    }

    /// The 16-bit square of a picture is the 8-bit square of the same
    /// picture, to within rounding: the same square and the same kernel windows.
    @Test(arguments: [CropOptions.Mode.center, .smart], [nil, 64, 150])
    func resizingFollowsTheEightBitPath(mode: CropOptions.Mode, size: Int?) throws {
        let picture = TestImages.gradient(width: 300, height: 200)
        let options = CropOptions(mode: mode, size: size, format: .png)
        let eight = try SquareCropper.crop(try PNGCodec.encode(picture), options: options)
        let sixteen = try SquareCropper.crop(try PNGCodec.encode16(SixteenBitImages.widened(picture)), options: options)
        #expect(sixteen.square == eight.square)
        #expect(sixteen.outputSize == eight.outputSize)
        let expected = SixteenBitImages.widened(try PNGCodec.decode(eight.bytes)).samples
        let actual = try PNGCodec.decode16(sixteen.bytes).frame.samples
        let differences = zip(expected, actual).map { abs(Int($0) - Int($1)) }
        // The 8-bit resampler rounds to a byte between its passes and carries 14-bit weights.
        #expect(differences.max()! <= 2 * 257, "\(mode) \(size as Any)")
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 100, "\(mode) \(size as Any)")
    }

    @Test func colourChunksAreCopiedAsTheyAre() throws {
        let folder = try ScratchFolder()
        let significant = PNGChunk(type: "sBIT", data: [12, 12, 12])
        let frame = SixteenBitImages.pattern(width: 40, height: 30, channels: 3)
        let input = try PNGCodec.encode16(frame, colorChunks: [Self.gamma, Self.chromaticities, significant])
        func colourChunks(_ png: [UInt8]) -> [String: [UInt8]] {
            let chunks = SixteenBitImages.chunks(png)
            let data = chunks.firstIndex { $0.type == "IDAT" }!
            return Dictionary(uniqueKeysWithValues: chunks[..<data].filter { $0.type != "IHDR" }.map { ($0.type, $0.data) })
        }
        let copied = try SquareCropper.crop(input, options: Self.png)
        #expect(colourChunks(copied.bytes) == ["gAMA": Self.gamma.data, "cHRM": Self.chromaticities.data, "sBIT": [12, 12, 12]])
        #expect(try PNGCodec.decode16(copied.bytes).colorChunks == [Self.gamma, Self.chromaticities, significant])
        let path = folder.file("copied.png")
        try Data(copied.bytes).write(to: URL(fileURLWithPath: path))
        #expect(String(decoding: try SixteenBitImages.magick("identify", ["-format", "%[gamma]", path]), as: UTF8.self) == "0.45455")
        // Resampled samples have all 16 bits: sBIT would no longer be true.
        let resized = try SquareCropper.crop(input, options: CropOptions(size: 20, format: .png))
        #expect(colourChunks(resized.bytes) == ["gAMA": Self.gamma.data, "cHRM": Self.chromaticities.data])
        var strip = Self.png
        strip.metadata = .strip
        #expect(colourChunks(try SquareCropper.crop(input, options: strip).bytes).isEmpty)
        // An sRGB chunk stays alone: libpng would add gAMA and cHRM if it interpreted it.
        let srgb = try PNGCodec.encode16(frame, colorChunks: [PNGChunk(type: "sRGB", data: [0])])
        #expect(colourChunks(try SquareCropper.crop(srgb, options: Self.png).bytes) == ["sRGB": [0]])
    }

    /// A real ICC profile (the phone photo's), attached by ImageMagick, comes out byte for byte.
    @Test func theICCProfileIsCopied() throws {
        let folder = try ScratchFolder()
        let profile = try #require(JPEGMarkers(try TestImages.fixture("photos/012mp-bus.jpg")).iccProfile)
        try Data(profile).write(to: URL(fileURLWithPath: folder.file("phone.icc")))
        try Data(try PNGCodec.encode16(SixteenBitImages.pattern(width: 40, height: 30, channels: 3)))
            .write(to: URL(fileURLWithPath: folder.file("plain.png")))
        _ = try SixteenBitImages.magick("convert", [folder.file("plain.png"), "-profile", folder.file("phone.icc"),
                                                    "-define", "png:bit-depth=16", folder.file("in.png")])
        let input = Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("in.png"))))
        let chunk = try #require(SixteenBitImages.chunks(input).first { $0.type == "iCCP" })
        for options in [Self.png, CropOptions(size: 16, format: .png)] {
            let output = try SquareCropper.crop(input, options: options).bytes
            #expect(SixteenBitImages.chunks(output).first { $0.type == "iCCP" }?.data == chunk.data)
            try Data(output).write(to: URL(fileURLWithPath: folder.file("out.png")))
            _ = try SixteenBitImages.magick("convert", [folder.file("out.png"), folder.file("out.icc")])
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("out.icc")))) == profile)
        }
    }

    /// A colour key (tRNS) stays a key on a copied square; a resampled one gets alpha instead.
    @Test func aColourKeyIsKeptOrBecomesAlpha() throws {
        var frame = SixteenBitImages.pattern(width: 60, height: 40, channels: 3)
        let key: [UInt16] = [0x1234, 0x5678, 0x9ABC]
        for y in 0..<40 { for x in 0..<30 { for c in 0..<3 { frame.samples[(y * 60 + x) * 3 + c] = key[c] } } }
        let input = try PNGCodec.encode16(frame, transparentKey: key)
        #expect(try PNGCodec.decode16(input).transparentKey == key)
        let copied = try SquareCropper.crop(input, options: Self.png)
        #expect(SixteenBitImages.depthAndColorType(copied.bytes) == (16, 2))
        #expect(try PNGCodec.decode16(copied.bytes).transparentKey == key)
        let resized = try PNGCodec.decode16(try SquareCropper.crop(input, options: CropOptions(size: 20, format: .png)).bytes)
        #expect(resized.frame.channels == 4 && resized.transparentKey == nil)
        // The square is x 10..<50, at half size: the key covers its left half; the right stays opaque.
        #expect(resized.frame.samples[(10 * 20 + 2) * 4 + 3] == 0)
        #expect(resized.frame.samples[(10 * 20 + 17) * 4 + 3] == 65535)
    }

    @Test func jpegOutputIsStillEightBit() throws {
        let folder = try ScratchFolder()
        // Mid grey without colour chunks: read as sRGB, not brightened as linear light.
        let grey = Frame16(size: PixelSize(width: 64, height: 48), channels: 1, samples: .init(repeating: 0x8080, count: 64 * 48))
        let result = try SquareCropper.crop(try PNGCodec.encode16(grey), options: CropOptions())
        #expect(result.format == .jpeg)
        let decoded = try JPEGDecoder.decode(result.bytes).frame
        #expect(decoded.layout == .gray && decoded.size == PixelSize(width: 48, height: 48))
        #expect(decoded.planes[0].bytes.allSatisfy { abs(Int($0) - 128) <= 1 })
        let colour = try SquareCropper.crop(try PNGCodec.encode16(SixteenBitImages.gradient(width: 90, height: 60, channels: 4)),
                                            options: CropOptions(size: 32))
        #expect(colour.format == .jpeg && colour.outputSize == PixelSize(width: 32, height: 32))
        let path = folder.file("out.jpg")
        try Data(colour.bytes).write(to: URL(fileURLWithPath: path))
        #expect(String(decoding: try SixteenBitImages.magick("identify", ["-format", "%z %m", path]), as: UTF8.self) == "8 JPEG")
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
