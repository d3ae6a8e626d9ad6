import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The full-resolution square of an upright JPEG, made from its stored
/// planes a band at a time (CropPlan.Strategy.planesToJPEG, JPEGDecoder.cropPlanesToJPEG).
@Suite struct FullResolutionPlaneCropTests {
    /// A smooth picture (so re-encoding changes pixels little) of `size`.
    static func photo(width: Int, height: Int, subsampling: JPEGSubsampling) throws -> [UInt8] {
        let frame = TestImages.gradient(width: width, height: height, layout: subsampling == .gray ? .gray : .rgb)
        return try JPEGEncoder.encode(frame, quality: 95, subsampling: subsampling)
    }

    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func theSquareKeepsItsSamplingAndPixels(subsampling: JPEGSubsampling) throws {
        // 1001 × 777: the square starts at x = 112, and neither side is whole MCUs.
        let jpeg = try Self.photo(width: 1001, height: 777, subsampling: subsampling)
        let square = PixelRect(x: 112, y: 0, width: 777, height: 777)
        let whole = try JPEGDecoder.decode(jpeg).frame
        var outputs: [[UInt8]] = []
        for secondThread in [false, true] {
            var options = CropOptions(quality: 95)
            options.usesSecondThread = secondThread
            let result = try SquareCropper.crop(jpeg, options: options, planner: CropPlanner(sharedDecodingMinimumBytes: 0))
            #expect(result.path?.plan.strategy == .planesToJPEG && result.path?.limitedColumns == true)
            // The second thread is the encoder's: planes→JPEG never shares the decoding.
            #expect(result.path?.decode == .libjpegAlone && result.path?.plan.usesSecondThread == secondThread)
            let made = result.bytes
            let header = try JPEGDecoder.header(of: made)
            #expect(header.size == square.size && header.subsampling == subsampling)
            let difference = TestImages.meanDifference(try JPEGDecoder.decode(made).frame, whole, regionOfB: square)
            #expect(difference < 1.5, "\(subsampling), second thread \(secondThread): \(difference)")
            outputs.append(made)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func aSquareOffTheChromaGridIsLeftToTheRGBPath() throws {
        // 4:2:0, 903 wide: the centre square starts at x = 1, between chroma samples.
        let jpeg = try Self.photo(width: 903, height: 900, subsampling: .yuv420)
        let square = PixelRect(x: 1, y: 0, width: 900, height: 900)
        let result = try SquareCropper.crop(jpeg, options: CropOptions())
        #expect(result.path?.plan.strategy == .rgb)
        #expect(result.outputSize == square.size)
        let difference = TestImages.meanDifference(
            try JPEGDecoder.decode(result.bytes).frame, try JPEGDecoder.decode(jpeg).frame, regionOfB: square)
        #expect(difference < 1.5)
    }

    @Test func theCropKeepsTheMetadataRules() throws {
        let jpeg = try Self.photo(width: 1200, height: 900, subsampling: .yuv420)
        let exif = try ExifMetadata.newPhoto(date: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt, make: "Maker",
                                             model: "Model", software: "test", pixelSize: PixelSize(width: 1200, height: 900))
        let tagged = JPEGMarkers.inserting(exif: exif.app1Payload, icc: [1, 2, 3, 4], into: jpeg)
        var options = CropOptions()
        options.usesSecondThread = true
        let result = try SquareCropper.crop(tagged, options: options)
        #expect(result.outputSize == PixelSize(width: 900, height: 900))
        let markers = JPEGMarkers(result.bytes)
        let written = try #require(try markers.exifPayload.map { try ExifMetadata(app1Payload: $0).summary() })
        #expect(written.orientation == 1 && written.pixelSize == PixelSize(width: 900, height: 900) && written.make == "Maker")
        #expect(markers.iccProfile == [1, 2, 3, 4])
    }
}
