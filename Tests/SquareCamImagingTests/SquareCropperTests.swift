import Foundation
import SquareCamCore
import Testing
import TestThreads
@testable import SquareCamImaging

@Suite struct SquareCropperTests {
    static let orientationFiles = (0...8).flatMap { ["Landscape_\($0).jpg", "Portrait_\($0).jpg"] }

    func decode(_ jpeg: [UInt8]) throws -> Frame { try JPEGDecoder.decode(jpeg).frame }

    @Test(arguments: orientationFiles)
    func everyOrientationGivesTheSameUprightSquare(file: String) throws {
        let reference = file.hasPrefix("Landscape") ? "Landscape_1.jpg" : "Portrait_1.jpg"
        let options = CropOptions(size: 300)
        let expected = try decode(SquareCropper.crop(try TestImages.fixture("orientation/" + reference), options: options).bytes)
        let result = try SquareCropper.crop(try TestImages.fixture("orientation/" + file), options: options)
        let actual = try decode(result.bytes)
        #expect(actual.size == PixelSize(width: 300, height: 300))
        #expect(result.inputSize == PixelSize(width: file.hasPrefix("Landscape") ? 600 : 400, height: file.hasPrefix("Landscape") ? 400 : 600))
        // Re-encoding and a possible half-pixel of centring differ a little; a wrong turn differs a lot.
        let difference = TestImages.meanDifference(actual, expected)
        #expect(difference < 3, "\(file) differs from \(reference) by \(difference) per channel")
        let exif = try ExifMetadata(app1Payload: try #require(JPEGMarkers(result.bytes).exifPayload)).summary()
        #expect(exif.orientation == 1)
        #expect(exif.pixelSize == PixelSize(width: 300, height: 300))
    }

    @Test func aWrongTurnWouldBeCaught() throws {
        // The tolerance above is meaningful: the same picture turned differs by far more.
        let upright = try decode(SquareCropper.crop(try TestImages.fixture("orientation/Landscape_1.jpg"), options: CropOptions(size: 300)).bytes)
        let turned = upright.applying(.right)
        #expect(TestImages.meanDifference(upright, turned) > 10)
    }

    @Test func orientationZeroReadsAsOne() throws {
        let bytes = try TestImages.fixture("orientation/Landscape_0.jpg")
        #expect(try #require(JPEGMarkers(bytes).exifPayload).count > 0)
        let result = try SquareCropper.crop(bytes, options: CropOptions(size: 200))
        #expect(result.inputSize == PixelSize(width: 600, height: 400))
    }

    @Test(arguments: orientationFiles)
    func losslessIsPixelIdenticalToTheDecodedRegion(file: String) throws {
        let input = try TestImages.fixture("orientation/" + file)
        let result = try SquareCropper.crop(input, options: CropOptions(mode: .lossless))
        let offset = try #require(result.losslessOffset)
        #expect(result.square.width == result.square.height)
        #expect(result.square.width >= 400 - 16)
        #expect(abs(offset.x) <= 8 && abs(offset.y) <= 8, "a block-aligned square is at most half a 16-pixel block off centre")
        // Without fancy chroma upsampling each pixel depends only on its own
        // blocks, which the DCT-domain crop and turn keep exactly; the float
        // IDCT gives a turned block exactly the turned pixels (the integer
        // one's rounding differs by up to 3 levels between orientations).
        let output = try JPEGDecoder.decode(result.bytes, smoothChroma: false, floatIDCT: true).frame
        let orientation = Orientation(exifValue: try ExifMetadata(app1Payload: try #require(JPEGMarkers(input).exifPayload)).orientationValue ?? 1)
        let whole = try JPEGDecoder.decode(input, smoothChroma: false, floatIDCT: true).frame.applying(orientation)
        #expect(output.size == result.square.size)
        var worst = 0, differing = 0
        for y in 0..<output.size.height {
            for x in 0..<output.size.width {
                let a = TestImages.pixel(output, x, y), b = TestImages.pixel(whole, result.square.x + x, result.square.y + y)
                let difference = max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
                worst = max(worst, difference)
                if difference > 0 { differing += 1 }
            }
        }
        if orientation == .up || !orientation.swapsAxes {
            #expect(worst == 0, "\(file): lossless output differs from the input's pixels by up to \(worst)")
        } else {
            // Transposed blocks: libjpeg-turbo's SIMD float IDCT adds rows and
            // columns in a different order, so a few values round the other
            // way (seen: 0.2% of pixels, by at most 2 levels). The coefficients
            // themselves are untouched.
            #expect(worst <= 2, "\(file): lossless output differs from the input's pixels by up to \(worst)")
            #expect(differing * 100 < output.size.area, "\(file): \(differing) pixels differ")
        }
        let exif = try ExifMetadata(app1Payload: try #require(JPEGMarkers(result.bytes).exifPayload)).summary()
        #expect(exif.orientation == 1)
        #expect(exif.pixelSize == result.square.size)
    }

    @Test func exifKeepsTagsDropsTheThumbnailAndUpdatesDimensions() throws {
        let input = try TestImages.fixture("photos/012mp-bus.jpg")
        let original = try ExifMetadata(app1Payload: try #require(JPEGMarkers(input).exifPayload)).summary()
        #expect(original.thumbnailBytes > 0, "the bus photo carries a 4:3 thumbnail")
        for mode in [CropOptions.Mode.center, .lossless] {
            let result = try SquareCropper.crop(input, options: CropOptions(mode: mode, size: mode == .lossless ? nil : 512))
            let markers = JPEGMarkers(result.bytes)
            let exif = try ExifMetadata(app1Payload: try #require(markers.exifPayload)).summary()
            #expect(exif.thumbnailBytes == 0)
            #expect(!exif.hasThumbnailIFD)
            #expect(exif.pixelSize == result.outputSize)
            #expect(exif.orientation == 1)
            #expect(exif.make == original.make)
            #expect(exif.model == original.model)
            #expect(exif.dateTimeOriginal == original.dateTimeOriginal)
            #expect(markers.iccProfile == JPEGMarkers(input).iccProfile, "the ICC profile is kept")
            #expect(exif.hasGPS == original.hasGPS)
        }
    }

    @Test func stripOptionsRemoveLocationOrEverything() throws {
        let input = try TestImages.fixture("photos/012mp-bus.jpg")
        let noLocation = try SquareCropper.crop(input, options: CropOptions(size: 256, metadata: .stripLocation))
        let summary = try ExifMetadata(app1Payload: try #require(JPEGMarkers(noLocation.bytes).exifPayload)).summary()
        #expect(!summary.hasGPS)
        #expect(summary.orientation == 1)
        let stripped = try SquareCropper.crop(input, options: CropOptions(size: 256, metadata: .strip))
        let markers = JPEGMarkers(stripped.bytes)
        #expect(markers.exifPayload == nil)
        #expect(markers.iccProfile == nil)
        #expect(!markers.segments.contains { (0xE1...0xEF).contains($0.marker) })
    }

    @Test func gpsIsStrippedFromAPhotoThatHasIt() throws {
        // Build a photo with GPS: a new-photo EXIF plus a GPS tag written through libexif.
        let document = try LibExifDocument()
        try document.setShort(ExifTagNumber.orientation, in: .zero, 6)
        try document.setText(0x0001, in: .gps, "N")  // GPSLatitudeRef
        try document.setLong(ExifTagNumber.pixelXDimension, in: .exif, 400)
        let exif = try ExifMetadata(app1Payload: document.save())
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 400, height: 300), exif: exif)
        #expect(try exif.summary().hasGPS)
        let kept = try SquareCropper.crop(input, options: CropOptions())
        #expect(try ExifMetadata(app1Payload: try #require(JPEGMarkers(kept.bytes).exifPayload)).summary().hasGPS)
        let stripped = try SquareCropper.crop(input, options: CropOptions(metadata: .stripLocation))
        let summary = try ExifMetadata(app1Payload: try #require(JPEGMarkers(stripped.bytes).exifPayload)).summary()
        #expect(!summary.hasGPS)
        #expect(summary.orientation == 1)
        #expect(stripped.outputSize == PixelSize(width: 300, height: 300))
    }

    @Test func centerSquareOfAFrameIsExact() throws {
        let frame = TestImages.gradient(width: 400, height: 240)
        let input = try JPEGEncoder.encode(frame, quality: 98, subsampling: .yuv444)
        let result = try SquareCropper.crop(input, options: CropOptions(quality: 98))
        #expect(result.square == PixelRect(x: 80, y: 0, width: 240, height: 240))
        let output = try decode(result.bytes)
        #expect(TestImages.meanDifference(output, frame, regionOfB: result.square) < 3)
        #expect(try JPEGDecoder.header(of: result.bytes).subsampling == .yuv444, "subsampling follows the input")
    }

    @Test func resizedOutputMatchesAFullResolutionResize() throws {
        let frame = TestImages.gradient(width: 960, height: 640)
        let input = try JPEGEncoder.encode(frame, quality: 98, subsampling: .yuv444)
        let result = try SquareCropper.crop(input, options: CropOptions(size: 100, quality: 98))
        let output = try decode(result.bytes)
        #expect(output.size == PixelSize(width: 100, height: 100))
        let reference = LanczosResampler.resize(frame, source: Rect2D(x: 160, y: 0, width: 640, height: 640), to: PixelSize(width: 100, height: 100))
        #expect(TestImages.meanDifference(output, reference) < 3)
    }

    @Test func neverEnlarges() throws {
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 200, height: 100))
        #expect(try SquareCropper.crop(input, options: CropOptions(size: 4000)).outputSize == PixelSize(width: 100, height: 100))
    }

    @Test func headersClaimingTooManyPixelsAreRejectedBeforeDecoding() throws {
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 200, height: 100))
        #expect(throws: ImagingError.tooLarge(size: PixelSize(width: 200, height: 100), limit: 10_000)) {
            try SquareCropper.crop(input, options: CropOptions(maxPixels: 10_000))
        }
        let png = try PNGCodec.encode(TestImages.gradient(width: 200, height: 100))
        #expect(throws: ImagingError.tooLarge(size: PixelSize(width: 200, height: 100), limit: 10_000)) {
            try SquareCropper.crop(png, options: CropOptions(maxPixels: 10_000))
        }
    }

    @Test func pngInStaysPNGWithFormatSame() throws {
        let frame = TestImages.gradient(width: 300, height: 200)
        let png = try PNGCodec.encode(frame)
        let asJPEG = try SquareCropper.crop(png, options: CropOptions())
        #expect(asJPEG.format == .jpeg)
        #expect(asJPEG.bytes.starts(with: [0xFF, 0xD8]))
        let asPNG = try SquareCropper.crop(png, options: CropOptions(format: .same))
        #expect(asPNG.format == .png)
        let decoded = try PNGCodec.decode(asPNG.bytes)
        #expect(decoded.size == PixelSize(width: 200, height: 200))
        #expect(TestImages.meanDifference(decoded, frame, regionOfB: PixelRect(x: 50, y: 0, width: 200, height: 200)) == 0)
    }

    @Test func losslessRefusesOtherFormats() throws {
        let png = try PNGCodec.encode(TestImages.gradient(width: 30, height: 20))
        #expect(throws: ImagingError.self) { try SquareCropper.crop(png, options: CropOptions(mode: .lossless)) }
    }

    @Test func garbageIsACleanError() {
        #expect(throws: ImagingError.self) { try SquareCropper.crop([], options: CropOptions()) }
        #expect(throws: ImagingError.self) { try SquareCropper.crop(Array("hello".utf8), options: CropOptions()) }
        #expect(throws: ImagingError.self) { try SquareCropper.crop([0xFF, 0xD8, 0xFF, 0xE0, 0, 2], options: CropOptions()) }
    }

    @Test func heifExampleIsCroppedUpright() throws {
        let input = try TestImages.fixture("heif/example.heic")
        #expect(HEIFDecoder.isHEIF(input))
        let result = try SquareCropper.crop(input, options: CropOptions(size: 400, quality: 97))
        #expect(result.inputSize == PixelSize(width: 1280, height: 854))
        let output = try decode(result.bytes)
        #expect(output.size == PixelSize(width: 400, height: 400))
        // Against the decoded HEIF's centre square: same picture.
        let whole = try HEIFDecoder.decode(input).frame
        let reference = LanczosResampler.resize(whole, source: whole.size.centeredSquare.rect2D, to: PixelSize(width: 400, height: 400))
        #expect(TestImages.meanDifference(output, reference) < 3)
        if let exif = JPEGMarkers(result.bytes).exifPayload {
            #expect(try ExifMetadata(app1Payload: exif).summary().orientation == 1)
        }
    }

    @Test(arguments: ["baseline", "arithmetic", "progressive", "progressive-arithmetic"])
    func baselineArithmeticAndProgressiveDecode(coding: String) throws {
        let baselineBytes = try TestImages.fixture("libjpeg-turbo/testorig.jpg")
        let input: [UInt8]
        switch coding {
        case "baseline": input = baselineBytes
        case "arithmetic": input = try TestImages.fixture("libjpeg-turbo/testimgari.jpg")
        default:
            // The fixtures have no progressive file: jpegtran recodes one losslessly.
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"),
                         "jpegtran is missing: scripts/install-deps.sh installs it (libjpeg-turbo-progs)")
            let folder = try ScratchFolder()
            let output = folder.file("p.jpg")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/jpegtran")
            process.arguments = ["-progressive"] + (coding.contains("arithmetic") ? ["-arithmetic"] : [])
                + ["-outfile", output, TestImages.fixtures.appendingPathComponent("libjpeg-turbo/testorig.jpg").path]
            try process.run()
            _ = process.waitForExitStatus()
            input = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        let header = try JPEGDecoder.header(of: input)
        #expect(header.isArithmetic == coding.contains("arithmetic"))
        #expect(header.isProgressive == coding.hasPrefix("progressive"))
        let result = try SquareCropper.crop(input, options: CropOptions(size: 64))
        #expect(try decode(result.bytes).size == PixelSize(width: 64, height: 64))
        // The same picture whatever the coding.
        let baseline = try decode(SquareCropper.crop(baselineBytes, options: CropOptions(size: 64)).bytes)
        #expect(TestImages.meanDifference(try decode(result.bytes), baseline) < 3)
        let lossless = try SquareCropper.crop(input, options: CropOptions(mode: .lossless))
        #expect(lossless.outputSize.width == lossless.outputSize.height)
    }

    @Test func twelveBitJPEGIsACleanError() throws {
        let input = try TestImages.fixture("libjpeg-turbo/monkey12.jpg")
        #expect(throws: ImagingError.self) { try SquareCropper.crop(input, options: CropOptions(size: 64)) }
    }

    @Test func grayscaleStaysGray() throws {
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 120, height: 90, layout: .gray))
        let result = try SquareCropper.crop(input, options: CropOptions(size: 50))
        #expect(try JPEGDecoder.header(of: result.bytes).colorModel == .gray)
    }

    @Test func cmykBecomesRGB() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"),
                     "ImageMagick's convert is missing: scripts/install-deps.sh installs it (imagemagick)")
        let folder = try ScratchFolder()
        let png = folder.file("in.png"), cmyk = folder.file("cmyk.jpg")
        try Data(try PNGCodec.encode(TestImages.gradient(width: 160, height: 120))).write(to: URL(fileURLWithPath: png))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [png, "-colorspace", "CMYK", "-quality", "95", cmyk]
        try process.run()
        _ = process.waitForExitStatus()
        let input = Array(try Data(contentsOf: URL(fileURLWithPath: cmyk)))
        #expect([.cmyk, .ycck].contains(try JPEGDecoder.header(of: input).colorModel))
        let result = try SquareCropper.crop(input, options: CropOptions(quality: 95))
        let output = try decode(result.bytes)
        #expect(output.layout == .rgb)
        let reference = TestImages.gradient(width: 160, height: 120)
        #expect(TestImages.meanDifference(output, reference, regionOfB: PixelRect(x: 20, y: 0, width: 120, height: 120)) < 12)
    }

    @Test func smartModeFindsTheDetailAndIsDeterministic() throws {
        // A flat grey picture with a busy, colourful patch near the right edge.
        var bytes = [UInt8](repeating: 128, count: 600 * 200 * 3)
        for y in 20..<180 {
            for x in 430..<590 {
                let on = (x / 4 + y / 4) % 2 == 0
                bytes[(y * 600 + x) * 3] = on ? 250 : 10
                bytes[(y * 600 + x) * 3 + 1] = on ? 30 : 200
                bytes[(y * 600 + x) * 3 + 2] = 40
            }
        }
        let frame = Frame(size: PixelSize(width: 600, height: 200), layout: .rgb, planes: [Frame.Plane(bytes: bytes, stride: 1800)])
        let input = try JPEGEncoder.encode(frame, quality: 95)
        let first = try SquareCropper.crop(input, options: CropOptions(mode: .smart))
        let second = try SquareCropper.crop(input, options: CropOptions(mode: .smart))
        #expect(first.square == second.square)
        #expect(first.square.maxX >= 590, "the square holds the patch: \(first.square)")
        // A featureless picture stays centred.
        let flat = try JPEGEncoder.encode(Frame(size: PixelSize(width: 600, height: 200), layout: .rgb,
                                                planes: [Frame.Plane(bytes: [UInt8](repeating: 90, count: 360_000), stride: 1800)]))
        #expect(try SquareCropper.crop(flat, options: CropOptions(mode: .smart)).square == PixelRect(x: 200, y: 0, width: 200, height: 200))
    }

    @Test func decodeScaleKeepsATwoFoldMargin() {
        #expect(SquareCropper.decodeScale(squareSide: 3024, outputSide: 1080) == 8)
        #expect(SquareCropper.decodeScale(squareSide: 6048, outputSide: 1080) == 4)
        #expect(SquareCropper.decodeScale(squareSide: 6048, outputSide: 300) == 1)
        #expect(SquareCropper.decodeScale(squareSide: 3024, outputSide: 3024) == 8)
    }
}
