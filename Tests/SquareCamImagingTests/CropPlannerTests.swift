import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The crop planner over its condition table: one row for each condition
/// that picks a strategy, a decode, column limiting, threads or a fallback.
/// Headers are made up here: the planner reads nothing but them and the options.
@Suite struct CropPlannerTests {
    /// A 4032×3024 photo's header as a phone writes it, but without restart
    /// markers unless asked: baseline, one scan, 4 MB of coded data.
    static func header(
        width: Int = 4032, height: Int = 3024, subsampling: JPEGSubsampling = .yuv420, colorModel: JPEGHeader.ColorModel = .yCbCr,
        progressive: Bool = false, restartInterval: Int = 0, plainPlanes: Bool = true, bytes: Int = 4 << 20
    ) -> JPEGHeader {
        let factors = switch subsampling {
        case .yuv420: PixelSize(width: 2, height: 2)
        case .yuv422: PixelSize(width: 2, height: 1)
        case .yuv444, .gray: PixelSize(width: 1, height: 1)
        }
        return JPEGHeader(
            size: PixelSize(width: width, height: height), colorModel: subsampling == .gray ? .gray : colorModel,
            components: subsampling == .gray ? 1 : colorModel == .cmyk ? 4 : 3, isProgressive: progressive, isArithmetic: false,
            blockSize: PixelSize(width: 8 * factors.width, height: 8 * factors.height),
            subsampling: colorModel == .yCbCr || subsampling == .gray ? subsampling : nil, hasAdobeMarker: false,
            samplingFactors: factors, hasPlainPlanes: plainPlanes && (colorModel == .yCbCr || subsampling == .gray),
            restartInterval: restartInterval, isSingleScan: !progressive, bytesAfterHeader: bytes)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var header = CropPlannerTests.header()
        var orientation = Orientation.up
        var options = CropOptions()
        var secondThread = false
        var ownPathsUsable = true
        var expected: String

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "lossless, upright, one scan: our transcoder streams on two threads",
            options: CropOptions(mode: .lossless),
            expected: "lossless, decode our transcoder, 2 threads, fallback none"),
        Row(name: "lossless, turned: our transcoder reads the file whole, one thread",
            orientation: .right, options: CropOptions(mode: .lossless),
            expected: "lossless, decode our transcoder, 1 thread, fallback none"),
        Row(name: "lossless where our code may not run: TurboJPEG",
            options: CropOptions(mode: .lossless), ownPathsUsable: false,
            expected: "lossless, decode TurboJPEG transform, 1 thread, fallback none"),
        Row(name: "full size, upright, the input's sampling: planes→JPEG",
            expected: "planes→JPEG, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "planes→JPEG with a core to spare and a large one-scan file: the encoder has it, no shared decoding",
            secondThread: true,
            expected: "planes→JPEG, decode libjpeg alone, columns 504–3527, 2 threads, fallback none"),
        Row(name: "less coded data than the threshold: no shared decoding",
            header: header(bytes: 100_000), secondThread: true,
            expected: "planes→JPEG, decode libjpeg alone, columns 504–3527, 2 threads, fallback none"),
        Row(name: "restart markers: no shared decoding, and planes→JPEG has no strips",
            header: header(restartInterval: 252), secondThread: true,
            expected: "planes→JPEG, decode libjpeg alone, columns 504–3527, 2 threads, fallback none"),
        Row(name: "full size, turned: RGB",
            orientation: .right,
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "full size, PNG asked: RGB",
            options: CropOptions(format: .png),
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "CMYK: RGB",
            header: header(colorModel: .cmyk),
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "full size, another sampling asked: RGB",
            options: CropOptions(subsampling: .yuv444),
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "full size, the square between chroma samples: RGB",
            header: header(width: 903, height: 900), secondThread: true,
            expected: "RGB, decode libjpeg alone, columns 1–900, 1 thread, fallback none"),
        Row(name: "planes libjpeg cannot give as stored: RGB",
            header: header(plainPlanes: false), options: CropOptions(size: 1080),
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "resized: resampled planes at the DCT scale leaving a 2× shrink",
            options: CropOptions(size: 500),
            expected: "resampled planes at 4/8, decode libjpeg alone, columns 504–3527, 1 thread, fallback none, flat blocks written directly"),
        Row(name: "resized, our code fenced off: every block through libjpeg's inverse DCT",
            options: CropOptions(size: 500), ownPathsUsable: false,
            expected: "resampled planes at 4/8, decode libjpeg alone, every column, 1 thread, fallback none"),
        Row(name: "resized, a core to spare, restart markers: restart strips",
            header: header(restartInterval: 252), options: CropOptions(size: 1080), secondThread: true,
            expected: "resampled planes, decode restart strips, columns 504–3527, 2 threads, fallback libjpeg alone, encoding on two threads"),
        Row(name: "resized, a core to spare, no restart markers: shared entropy decoding",
            options: CropOptions(size: 1080), secondThread: true,
            expected: "resampled planes, decode shared entropy decoding, columns 504–3527, 3 threads, fallback libjpeg alone, encoding on two threads"),
        Row(name: "progressive: neither strips nor shared decoding",
            header: header(progressive: true, restartInterval: 252), options: CropOptions(size: 1080), secondThread: true,
            expected: "resampled planes, decode libjpeg alone, columns 504–3527, 2 threads, fallback none, encoding on two threads"),
        Row(name: "a gray photo into a colour JPEG: RGB",
            header: header(subsampling: .gray), options: CropOptions(size: 1080, subsampling: .yuv420),
            expected: "RGB, decode libjpeg alone, columns 504–3527, 1 thread, fallback none"),
        Row(name: "--libjpeg-only: no strips, no sharing, every column",
            header: header(restartInterval: 252), options: { var options = CropOptions(size: 1080); options.libjpegOnly = true; return options }(),
            secondThread: true,
            expected: "resampled planes, decode libjpeg alone, every column, 2 threads, fallback none, encoding on two threads"),
        Row(name: "our code fenced off: restart strips still (public API only), every column",
            header: header(restartInterval: 252), options: CropOptions(size: 1080), secondThread: true, ownPathsUsable: false,
            expected: "resampled planes, decode restart strips, every column, 2 threads, fallback libjpeg alone, encoding on two threads"),
        Row(name: "our code fenced off: no shared decoding",
            options: CropOptions(size: 1080), secondThread: true, ownPathsUsable: false,
            expected: "resampled planes, decode libjpeg alone, every column, 2 threads, fallback none, encoding on two threads"),
    ]

    @Test(arguments: rows)
    func eachConditionPicksItsPath(row: Row) throws {
        var options = row.options
        options.usesSecondThread = row.secondThread
        let planner = CropPlanner(ownPathsUsable: row.ownPathsUsable)
        let upright = row.orientation.displayedSize(forStored: row.header.size)
        let plan = try planner.plan(header: row.header, orientation: row.orientation, square: upright.centeredSquare, options: options)
        #expect(plan.description == row.expected)
    }

    /// The stored region of a turned photo is where the planner puts the columns.
    @Test func aTurnedSquareIsPlannedInStoredPixels() throws {
        let header = Self.header(width: 3024, height: 4032)  // stored portrait, shown landscape
        let plan = try CropPlanner().plan(header: header, orientation: .left, square: PixelRect(x: 504, y: 0, width: 3024, height: 3024),
                                          options: CropOptions(size: 1080))
        #expect(plan.region == PixelRect(x: 0, y: 504, width: 3024, height: 3024))
    }

    /// "Inside the image" is checked once, here, before anything is decoded.
    @Test func aSquareOutsideThePictureIsRefused() {
        #expect(throws: ImagingError.self) {
            try CropPlanner().plan(header: Self.header(), orientation: .up, square: PixelRect(x: 2000, y: 0, width: 3024, height: 3024),
                                   options: CropOptions())
        }
    }

    @Test func losslessCannotResizeOrWritePNG() {
        for options in [CropOptions(mode: .lossless, size: 100), CropOptions(mode: .lossless, format: .png)] {
            #expect(throws: ImagingError.self) {
                try CropPlanner().plan(header: Self.header(), orientation: .up, square: PixelRect(x: 504, y: 0, width: 3024, height: 3024),
                                       options: options)
            }
        }
    }

    /// The threshold is the planner's, not an option the product carries.
    @Test func theProductThresholdIsHalfAMegabyte() {
        #expect(CropPlanner().sharedDecodingMinimumBytes == 512 * 1024)
    }
}
