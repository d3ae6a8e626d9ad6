import Foundation
import SquareCamCore
import Synchronization
import Testing
@testable import SquareCamImaging

/// The fast path of `crop --size`: the input's own Y, Cb and Cr planes
/// resampled straight to the output's (JPEGDecoder.decodePlanes, PlaneResizer,
/// CResample, JPEGEncoder.encode(planes:)).
@Suite struct PlanarCropTests {
    func decode(_ jpeg: [UInt8]) throws -> Frame { try JPEGDecoder.decode(jpeg).frame }

    /// Checks the planar result against what the RGB path makes (decode
    /// whole, Lanczos-3 in RGB, encode): the same picture up to how chroma is
    /// filtered (libjpeg's encoder box-filters it, the planar path uses
    /// Lanczos-3), and at least as close to the ideal — the full-resolution
    /// resize, before any chroma subsampling — as the RGB path is.
    func expectMatchesTheRGBPath(
        _ result: [UInt8], input: [UInt8], source: Rect2D, side: Int, subsampling: JPEGSubsampling,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var ideal = LanczosResampler.resize(try decode(input), source: source, to: PixelSize(width: side, height: side))
        if subsampling == .gray && ideal.layout != .gray { ideal = grayed(ideal) }
        let rgbPath = try decode(JPEGEncoder.encode(ideal, quality: 98, subsampling: subsampling))
        let planar = try decode(result)
        let apart = TestImages.meanDifference(planar, rgbPath)
        // Rounding in Y′CbCr instead of RGB moves a value by about one level; a misplaced plane by several.
        #expect(apart < 2, "\(subsampling.rawValue): \(apart) per channel from the RGB path", sourceLocation: sourceLocation)
        let (ours, theirs) = (TestImages.meanDifference(planar, ideal), TestImages.meanDifference(rgbPath, ideal))
        #expect(ours <= theirs + 0.25, "\(subsampling.rawValue): \(ours) from the ideal, the RGB path \(theirs)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func everyInputSubsamplingGivesWhatTheRGBPathGives(subsampling: JPEGSubsampling) throws {
        let frame = TestImages.gradient(width: 960, height: 640, layout: subsampling == .gray ? .gray : .rgb)
        let input = try JPEGEncoder.encode(frame, quality: 98, subsampling: subsampling)
        let result = try SquareCropper.crop(input, options: CropOptions(size: 121, quality: 98))
        #expect(try JPEGDecoder.header(of: result.bytes).subsampling == subsampling, "subsampling follows the input")
        try expectMatchesTheRGBPath(result.bytes, input: input, source: Rect2D(x: 160, y: 0, width: 640, height: 640),
                                    side: 121, subsampling: subsampling)
    }

    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func theOutputSubsamplingCanBeChosen(output: JPEGSubsampling) throws {
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 800, height: 600), quality: 98, subsampling: .yuv420)
        let result = try SquareCropper.crop(input, options: CropOptions(size: 150, quality: 98, subsampling: output))
        #expect(try JPEGDecoder.header(of: result.bytes).subsampling == output)
        try expectMatchesTheRGBPath(result.bytes, input: input, source: Rect2D(x: 100, y: 0, width: 600, height: 600),
                                    side: 150, subsampling: output)
    }

    /// 4:2:2 chroma is half width upright but half height as stored when the photo lies on its side.
    @Test(arguments: 1...8)
    func halfWidthChromaTurnsWithTheOrientation(orientation: Int) throws {
        func as422(_ file: String) throws -> [UInt8] {
            let bytes = try TestImages.fixture("orientation/" + file)
            let exif = try JPEGMarkers(bytes).exifPayload.map { try ExifMetadata(app1Payload: $0) }
            return try JPEGEncoder.encode(try decode(bytes), quality: 95, subsampling: .yuv422, exif: exif)
        }
        let options = CropOptions(size: 301)
        let expected = try decode(SquareCropper.crop(try as422("Landscape_1.jpg"), options: options).bytes)
        let result = try SquareCropper.crop(try as422("Landscape_\(orientation).jpg"), options: options)
        #expect(try JPEGDecoder.header(of: result.bytes).subsampling == .yuv422)
        let difference = TestImages.meanDifference(try decode(result.bytes), expected)
        #expect(difference < 3, "orientation \(orientation): \(difference) per channel")
    }

    @Test func thePlaneResizerMatchesTheRGBResamplerBitForBit() {
        // Same weights, same rounding: the C loops must not change a single value.
        let frame = TestImages.gradient(width: 333, height: 217, layout: .gray)
        let source = Rect2D(x: 10.5, y: 3.25, width: 300, height: 200)
        let size = PixelSize(width: 97, height: 61)
        let resizer = PlaneResizer(sourceSize: frame.size, source: source, to: size)
        frame.planes[0].bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<frame.size.height where !resizer.isComplete {
                resizer.push(bytes.baseAddress! + row * frame.planes[0].stride)
            }
        }
        #expect(resizer.isComplete)
        #expect(resizer.result().planes[0].bytes == LanczosResampler.resize(frame, source: source, to: size).planes[0].bytes)
    }

    @Test func aPlaneMadeInTwoStripsIsThePlaneMadeWhole() {
        let frame = TestImages.gradient(width: 333, height: 217, layout: .gray)
        let source = Rect2D(x: 10.5, y: 3.25, width: 300, height: 200)
        let size = PixelSize(width: 97, height: 61)
        let plan = PlaneResizer.Plan(sourceSize: frame.size, source: source, to: size)
        let whole = PlaneResizer(plan: plan)
        // The lower strip is fed from the source row its first output row needs, as decodeInStrips feeds it.
        let split = 25, lowerFirstSourceRow = plan.firstSourceRow(of: split)
        let upper = PlaneResizer(plan: plan, rows: 0..<split)
        let lower = PlaneResizer(plan: plan, rows: split..<size.height, firstSourceRow: lowerFirstSourceRow)
        frame.planes[0].bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<frame.size.height {
                let pixels = bytes.baseAddress! + row * frame.planes[0].stride
                whole.push(pixels)
                upper.push(pixels)
                if row >= lowerFirstSourceRow { lower.push(pixels) }
            }
        }
        let expected = whole.result().planes[0].bytes
        // elementsEqual: a failure says so without printing 6000 bytes twice.
        #expect(upper.result(with: [lower]).planes[0].bytes.elementsEqual(expected))
        // The strips may be named in either order.
        #expect(lower.result(with: [upper]).planes[0].bytes.elementsEqual(expected))
    }

    @Test func aSecondThreadGivesTheSameBytes() throws {
        let input = try JPEGEncoder.encode(TestImages.gradient(width: 1600, height: 1200), quality: 95, subsampling: .yuv420)
        var options = CropOptions(size: 333)
        let alone = try SquareCropper.crop(input, options: options)
        options.usesSecondThread = true
        #expect(try SquareCropper.crop(input, options: options).bytes == alone.bytes)
    }

    @Test func theStoredPlaneSizesFollowTheSubsampling() {
        let side = 101
        #expect(SquareCropper.storedPlaneSizes(side: side, subsampling: .yuv420, orientation: .right, inputIsGray: false)
                == [PixelSize(width: 101, height: 101), PixelSize(width: 51, height: 51), PixelSize(width: 51, height: 51)])
        #expect(SquareCropper.storedPlaneSizes(side: side, subsampling: .yuv422, orientation: .up, inputIsGray: false)?[1]
                == PixelSize(width: 51, height: 101))
        #expect(SquareCropper.storedPlaneSizes(side: side, subsampling: .yuv422, orientation: .right, inputIsGray: false)?[1]
                == PixelSize(width: 101, height: 51))
        #expect(SquareCropper.storedPlaneSizes(side: side, subsampling: .gray, orientation: .up, inputIsGray: false)?.count == 1)
        #expect(SquareCropper.storedPlaneSizes(side: side, subsampling: .yuv444, orientation: .up, inputIsGray: true) == nil,
                "a gray input has no colour to give")
    }

    @Test func thePipelineHandsOverEveryItemInOrder() throws {
        let consumed = Mutex<[Int]>([])
        try TwoThreadPipeline.run(count: 50, slotCount: 3, produce: { _, _ in }, consume: { item, slot in
            #expect(slot == item % 3)
            consumed.withLock { $0.append(item) }
        })
        #expect(consumed.withLock { $0 } == Array(0..<50))
    }

    @Test func thePipelineStopsAtTheFirstFailure() {
        let consumed = Mutex<[Int]>([])
        #expect(throws: ImagingError.self) {
            try TwoThreadPipeline.run(count: 50, slotCount: 3, produce: { (item, _) throws(ImagingError) in
                if item == 7 { throw .corrupt(detail: "item 7") }
            }, consume: { item, _ in consumed.withLock { $0.append(item) } })
        }
        // It may stop before using everything made before the failure, never after it.
        let used = consumed.withLock { $0 }
        #expect(used == Array(0..<used.count) && used.count <= 7, "\(used)")
    }

    private func grayed(_ frame: Frame) -> Frame {
        var bytes = [UInt8](repeating: 0, count: frame.size.width * frame.size.height)
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let (r, g, b) = TestImages.pixel(frame, x, y)
                bytes[y * frame.size.width + x] = UInt8(clamping: (299 * r + 587 * g + 114 * b + 500) / 1000)
            }
        }
        return Frame(size: frame.size, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: frame.size.width)])
    }
}
