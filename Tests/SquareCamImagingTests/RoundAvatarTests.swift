import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// `crop --circle`: a square PNG whose corners outside the inscribed circle
/// are transparent, its edge antialiased, its hidden pixels gone.
struct RoundAvatarTests {
    private static let circle: CropOptions = {
        var options = CropOptions(format: .png)
        options.circle = true
        return options
    }()

    private func uniform(side: Int, layout: Frame.Layout, value: UInt8 = 200) -> Frame {
        let channels = layout.bytesPerPixel
        return Frame(size: PixelSize(width: side, height: side), layout: layout,
                     planes: [Frame.Plane(bytes: [UInt8](repeating: value, count: side * side * channels), stride: side * channels)])
    }

    private func rgba(_ frame: Frame, _ x: Int, _ y: Int) -> [UInt8] {
        let start = y * frame.planes[0].stride + x * 4
        return Array(frame.planes[0].bytes[start..<start + 4])
    }

    @Test func theCornersAreTransparentAndBlackTheMiddleOpaqueTheEdgeBetween() {
        let cut = uniform(side: 101, layout: .rgb).cutToCircle()
        #expect(cut.layout == .rgba && cut.size == PixelSize(width: 101, height: 101))
        for (x, y) in [(0, 0), (100, 0), (0, 100), (100, 100), (10, 10)] {
            #expect(rgba(cut, x, y) == [0, 0, 0, 0], "corner pixel (\(x), \(y)) carries nothing of the photo")
        }
        #expect(rgba(cut, 50, 50) == [200, 200, 200, 255])
        #expect(rgba(cut, 50, 1) == [200, 200, 200, 255], "inside, near the top edge")
        // Antialiased: along a diagonal the alpha falls through several steps,
        // not from 255 straight to 0.
        let diagonal = (10...25).map { Int(rgba(cut, $0, $0)[3]) }
        let partial = diagonal.filter { $0 > 0 && $0 < 255 }
        #expect(!partial.isEmpty && diagonal == diagonal.sorted(), "\(diagonal)")
        // Its area is the circle's: π r² within half a percent.
        let total = (0..<101).flatMap { y in (0..<101).map { x in Double(rgba(cut, x, y)[3]) / 255 } }.reduce(0, +)
        #expect(abs(total - Double.pi * 50.5 * 50.5) / (Double.pi * 50.5 * 50.5) < 0.005, "area \(total)")
        // Round: a quarter turn of the mask is the mask.
        for y in 0..<101 {
            for x in 0..<101 where rgba(cut, x, y)[3] != rgba(cut, 100 - y, x)[3] {
                Issue.record("not symmetric at (\(x), \(y))")
                return
            }
        }
    }

    @Test func anAlphaAlreadyThereIsKeptInsideAndGrayBecomesRGBA() {
        let translucent = uniform(side: 40, layout: .rgba, value: 128).cutToCircle()
        #expect(rgba(translucent, 20, 20) == [128, 128, 128, 128])
        #expect(rgba(translucent, 0, 0) == [0, 0, 0, 0])
        let gray = uniform(side: 40, layout: .gray, value: 77).cutToCircle()
        #expect(rgba(gray, 20, 20) == [77, 77, 77, 255])
    }

    @Test func aJPEGBecomesARoundPNGOfTheSameSquare() throws {
        let jpeg = try TestImages.fixture("photos/012mp-bus.jpg")
        var options = Self.circle
        options.size = 256
        let round = try SquareCropper.crop(jpeg, options: options)
        #expect(round.format == .png && round.outputSize == PixelSize(width: 256, height: 256))
        let pixels = try PNGCodec.decode(round.bytes, keepAlpha: true)
        #expect(pixels.layout == .rgba)
        #expect(rgba(pixels, 0, 0) == [0, 0, 0, 0] && rgba(pixels, 255, 255) == [0, 0, 0, 0])
        // Inside the circle, the very pixels of the plain PNG square.
        let plain = try PNGCodec.decode(try SquareCropper.crop(jpeg, options: CropOptions(size: 256, format: .png)).bytes)
        let middle = rgba(pixels, 128, 128), reference = TestImages.pixel(plain, 128, 128)
        #expect(middle == [UInt8(reference.0), UInt8(reference.1), UInt8(reference.2), 255])
    }

    @Test func aSixteenBitPNGStaysSixteenBitWithItsColourChunksButNoSBIT() throws {
        let frame = SixteenBitImages.pattern(width: 60, height: 40, channels: 3)
        let significant = PNGChunk(type: "sBIT", data: [12, 12, 12])
        let gamma = PNGChunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        let input = try PNGCodec.encode16(frame, colorChunks: [gamma, significant])
        let round = try SquareCropper.crop(input, options: Self.circle)
        let output = try PNGCodec.decode16(round.bytes)
        #expect(output.frame.channels == 4 && output.frame.size == PixelSize(width: 40, height: 40))
        #expect(output.colorChunks == [gamma], "an RGB sBIT would not describe RGBA")
        let centre = (20 * 40 + 20) * 4, source = (20 * 60 + 30) * 3
        #expect(Array(output.frame.samples[centre..<centre + 3]) == Array(frame.samples[source..<source + 3]),
                "16 bits kept inside")
        #expect(output.frame.samples[centre + 3] == .max && output.frame.samples[3] == 0)
        #expect(Array(output.frame.samples[0..<3]) == [0, 0, 0])
    }

    /// A camera frame's avatar has the colours of its JPEG photo: the I420
    /// samples converted as libjpeg converts them when it decodes the photo.
    @Test func aCameraFramesAvatarHasItsJPEGPhotosColours() throws {
        let frame = TestImages.gradient(width: 96, height: 64, layout: .i420)
        let options = SquarePhoto.Options(region: PixelRect(x: 16, y: 0, width: 64, height: 64), quality: 100)
        let photo = try JPEGDecoder.decode(try SquarePhoto.encode(frame, options: options, camera: nil).jpeg).frame
        let avatar = try PNGCodec.decode(try SquarePhoto.encodeRoundAvatar(frame, options: options), keepAlpha: true)
        #expect(avatar.size == PixelSize(width: 64, height: 64) && rgba(avatar, 0, 0) == [0, 0, 0, 0])
        var largest = 0, total = 0, count = 0
        for y in 16..<48 {
            for x in 16..<48 {
                let a = rgba(avatar, x, y), p = TestImages.pixel(photo, x, y)
                for (ours, theirs) in zip(a.prefix(3).map(Int.init), [p.0, p.1, p.2]) {
                    largest = max(largest, abs(ours - theirs))
                    total += abs(ours - theirs)
                    count += 1
                }
            }
        }
        // Quality 100 still rounds the DCT: a few levels apart at most.
        #expect(largest <= 6 && Double(total) / Double(count) < 1.5, "largest \(largest), mean \(Double(total) / Double(count))")
    }

    @Test func aRoundAvatarIsPNGAndNeverLossless() {
        var jpegCircle = Self.circle
        jpegCircle.format = .jpeg
        var lossless = Self.circle
        lossless.mode = .lossless
        for options in [jpegCircle, lossless] {
            #expect(throws: ImagingError.self) { try SquareCropper.crop(try TestImages.fixture("photos/012mp-bus.jpg"), options: options) }
        }
    }
}
