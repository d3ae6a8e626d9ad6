import CJPEG
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// Blocks with a DC only, written as their equal samples at the 4/8 scale
/// (cjpeg_flat_blocks.c) instead of through libjpeg's inverse DCT: the same
/// samples, at every quality and level, black and white included.
@Suite struct FlatBlocksTests {
    /// 8×8 blocks of one level each (every level from 0 to 255, in turn),
    /// every seventh block textured instead: most blocks code a DC only.
    static func patchwork(width: Int = 1200, height: Int = 904) -> Frame {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let block = (y / 8) * (width / 8) + x / 8
                let level = block * 37 % 256
                for channel in 0..<3 {
                    let flat = (level + channel * 85) % 256
                    bytes[(y * width + x) * 3 + channel] = block % 7 == 0 ? UInt8((x * 5 + y * 3 + channel * 40) % 256) : UInt8(flat)
                }
            }
        }
        return Frame(size: PixelSize(width: width, height: height), layout: .rgb, planes: [Frame.Plane(bytes: bytes, stride: width * 3)])
    }

    /// Every plane's rows at 4/8, with flat blocks written directly or not.
    static func planes(_ jpeg: [UInt8], flatBlocks: Bool) -> [[UInt8]]? {
        SharedDecodingHandoverTests.withDecoder(jpeg, eighths: 4) { decoder, planes in
            if flatBlocks { cjpeg_decoder_write_flat_blocks(decoder) }
            let reads = (planes[0].size.height + planes[0].rowsPerRead - 1) / planes[0].rowsPerRead
            return SharedDecodingHandoverTests.reads(decoder, planes: planes, count: reads)
        }
    }

    @Test(arguments: [JPEGSubsampling.yuv444, .yuv420, .gray])
    func flatBlocksGiveLibjpegsSamples(subsampling: JPEGSubsampling) throws {
        for quality in [30, 75, 95, 100] {
            let jpeg = try JPEGEncoder.encode(Self.patchwork(), quality: quality, subsampling: subsampling)
            let libjpeg = try #require(Self.planes(jpeg, flatBlocks: false))
            let flat = try #require(Self.planes(jpeg, flatBlocks: true))
            let same = flat == libjpeg  // not in the expectation: it would print every sample
            #expect(same, "\(subsampling) at quality \(quality)")
        }
    }

    /// A crop at 4/8 plans them, and makes the file libjpeg alone makes.
    @Test func aCropAtHalfScaleWritesThemAndIsLibjpegsFile() throws {
        let jpeg = try JPEGEncoder.encode(Self.patchwork(), quality: 90, subsampling: .yuv420)
        var options = CropOptions(size: 200)  // a 904 square at 4/8 leaves a ≥ 2× shrink
        let ours = try SquareCropper.crop(jpeg, options: options)
        let path = try #require(ours.path)
        #expect(path.plan.scaleEighths == 4 && path.plan.writesFlatBlocks, "\(path)")
        options.libjpegOnly = true
        let alone = try SquareCropper.crop(jpeg, options: options)
        #expect(alone.path?.plan.writesFlatBlocks == false)
        let same = ours.bytes == alone.bytes
        #expect(same)
    }
}
