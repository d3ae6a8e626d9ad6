import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

@Suite struct JPEGEncoderTests {
    @Test(arguments: [Frame.Layout.rgb, .rgba, .gray, .i420])
    func encodesEveryLayoutAndDecodesBack(layout: Frame.Layout) throws {
        let frame = TestImages.gradient(width: 320, height: 240, layout: layout)
        let jpeg = try JPEGEncoder.encode(frame, quality: 95)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let decoded = try JPEGDecoder.decode(jpeg).frame
        #expect(decoded.size == frame.size)
        #expect(decoded.layout == (layout == .gray ? .gray : .rgb))
        #expect(TestImages.meanDifference(decoded, frame) < 4)
    }

    @Test(arguments: [Frame.Layout.rgb, .i420])
    func encodesOnlyTheRegion(layout: Frame.Layout) throws {
        let frame = TestImages.gradient(width: 400, height: 300, layout: layout)
        let region = PixelRect(x: 50, y: 20, width: 256, height: 256)
        let jpeg = try JPEGEncoder.encode(frame, region: region, quality: 95)
        let decoded = try JPEGDecoder.decode(jpeg).frame
        #expect(decoded.size == region.size)
        #expect(TestImages.meanDifference(decoded, frame, regionOfB: region) < 4)
        // A region one pixel to the side would differ clearly (the gradient runs along x).
        #expect(TestImages.meanDifference(decoded, frame, regionOfB: region.offsetBy(dx: 8, dy: 0)) > 4)
    }

    @Test func i420RegionOriginIsRoundedToEven() throws {
        let frame = TestImages.gradient(width: 200, height: 200, layout: .i420)
        let jpeg = try JPEGEncoder.encode(frame, region: PixelRect(x: 11, y: 7, width: 100, height: 100), quality: 95)
        let decoded = try JPEGDecoder.decode(jpeg).frame
        #expect(TestImages.meanDifference(decoded, frame, regionOfB: PixelRect(x: 10, y: 6, width: 100, height: 100)) < 4)
    }

    @Test(arguments: JPEGSubsampling.allCases)
    func writesTheRequestedSubsampling(subsampling: JPEGSubsampling) throws {
        let jpeg = try JPEGEncoder.encode(TestImages.gradient(width: 64, height: 48), subsampling: subsampling)
        let header = try JPEGDecoder.header(of: jpeg)
        #expect(header.subsampling == subsampling)
        #expect(header.size == PixelSize(width: 64, height: 48))
    }

    @Test func rejectsRegionsOutsideTheFrameAndBadQuality() {
        let frame = TestImages.gradient(width: 64, height: 64)
        #expect(throws: ImagingError.self) {
            try JPEGEncoder.encode(frame, region: PixelRect(x: 10, y: 0, width: 64, height: 64))
        }
        #expect(throws: ImagingError.self) { try JPEGEncoder.encode(frame, quality: 0) }
    }

    @Test func higherQualityIsCloserAndLarger() throws {
        let frame = TestImages.gradient(width: 256, height: 256)
        let low = try JPEGEncoder.encode(frame, quality: 30)
        let high = try JPEGEncoder.encode(frame, quality: 95)
        #expect(high.count > low.count)
        let lowError = TestImages.meanDifference(try JPEGDecoder.decode(low).frame, frame)
        let highError = TestImages.meanDifference(try JPEGDecoder.decode(high).frame, frame)
        #expect(highError < lowError)
    }
}
