import SquareCamCore
import Testing
@testable import SquareCamImaging

/// A resampled square encoded as two halves joined at a restart marker
/// (PlanarPicture, JPEGMarkers.joining) must be a valid JPEG that decodes to
/// exactly the pixels of one compression, and the same bytes whether the
/// halves were made on one thread or two.
@Suite struct JPEGHalvesEncodingTests {
    /// Planes for `subsampling` as JPEGDecoder.decodePlanes makes them, with
    /// fine detail everywhere, so that every block has AC coefficients and a
    /// DC predicted wrongly would show.
    private func planes(side: Int, _ subsampling: JPEGSubsampling, seed: Int = 0) -> [Frame] {
        let luma = PixelSize(width: side, height: side), half = (side + 1) / 2
        let sizes: [PixelSize] = switch subsampling {
        case .yuv444: [luma, luma, luma]
        case .yuv422: [luma] + Array(repeating: PixelSize(width: half, height: side), count: 2)
        case .yuv420: [luma] + Array(repeating: PixelSize(width: half, height: half), count: 2)
        case .gray: [luma]
        }
        return sizes.enumerated().map { index, size in
            let bytes = (0..<size.width * size.height).map { at in
                let (x, y) = (at % size.width, at / size.width)
                return UInt8(truncatingIfNeeded: (x * x / 7 + y * 3 + (x ^ y) + index * 50 + seed) / (1 + (y / 97) % 3))
            }
            return Frame(size: size, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: size.width)])
        }
    }

    private func markerCount(_ marker: UInt8, in jpeg: [UInt8]) -> Int {
        zip(jpeg, jpeg.dropFirst()).filter { $0 == 0xFF && $1 == marker }.count
    }

    @Test(arguments: JPEGSubsampling.allCases, [1080, 1001])
    func halvesDecodeToThePixelsOfOneCompression(subsampling: JPEGSubsampling, side: Int) throws {
        let planes = planes(side: side, subsampling)
        let oneThread = try JPEGEncoder.encode(planes: planes, subsampling: subsampling, quality: 90)
        let twoThreads = try JPEGEncoder.encode(planes: planes, subsampling: subsampling, quality: 90, twoThreads: true)
        #expect(oneThread == twoThreads)
        // One restart interval declared, one restart marker: it was split.
        #expect(markerCount(0xDD, in: twoThreads) == 1 && markerCount(0xD0, in: twoThreads) == 1)
        let whole = try PlanarPicture(planes: planes, subsampling: subsampling, quality: 90).compressed(rows: 0..<side)
        #expect(markerCount(0xDD, in: whole) == 0)
        // The decoder's damage check passes (a misplaced restart would be a
        // corrupt-data warning) and every pixel is the one-compression pixel.
        let fromHalves = try JPEGDecoder.decode(twoThreads).frame
        #expect(fromHalves.size == PixelSize(width: side, height: side))
        #expect(fromHalves.planes[0].bytes == (try JPEGDecoder.decode(whole).frame.planes[0].bytes))
    }

    @Test func smallPicturesAreCompressedWhole() throws {
        let jpeg = try JPEGEncoder.encode(planes: planes(side: 256, .yuv420), subsampling: .yuv420, twoThreads: true)
        #expect(markerCount(0xDD, in: jpeg) == 0)
    }

    /// JPEG's restart interval is 16 bits: a picture whose upper half holds
    /// more MCUs is compressed whole.
    @Test func anIntervalBeyondSixteenBitsIsCompressedWhole() throws {
        let size = PixelSize(width: 8200, height: 1024)  // 1025 MCUs a row, 64 rows in the upper half
        let plane = Frame(size: size, layout: .gray, planes: [Frame.Plane(bytes: [UInt8](repeating: 128, count: size.width * size.height), stride: size.width)])
        let jpeg = try JPEGEncoder.encode(planes: [plane], subsampling: .gray, twoThreads: true)
        #expect(markerCount(0xDD, in: jpeg) == 0)
        #expect(try JPEGDecoder.header(of: jpeg).size == size)
    }

    /// Parts made with other settings (here their quantisation tables) are not joined.
    @Test func partsMadeOtherwiseAreNotJoined() throws {
        let top = try PlanarPicture(planes: planes(side: 512, .gray), subsampling: .gray, quality: 90).compressed(rows: 0..<512)
        let bottom = try PlanarPicture(planes: planes(side: 512, .gray), subsampling: .gray, quality: 80).compressed(rows: 0..<512)
        #expect(JPEGMarkers.joining(top: top, bottom: bottom, height: 1024, restartInterval: 64 * 64) == nil)
        #expect(JPEGMarkers.joining(top: top, bottom: top, height: 1024, restartInterval: 64 * 64) != nil)
    }
}
