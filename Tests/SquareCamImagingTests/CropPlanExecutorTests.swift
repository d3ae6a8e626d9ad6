import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The executor takes the path its plan names, and the plan's fallback when
/// that path gives up at run time; either way the file is the one libjpeg
/// alone makes.
@Suite struct CropPlanExecutorTests {
    static let phonePhoto = "photos/012mp-bus.jpg"  // restart markers every MCU row
    static let sharing = CropPlanner(sharedDecodingMinimumBytes: 0)

    static func options(size: Int?, secondThread: Bool = true, acceptsDamage: Bool = false) -> CropOptions {
        var options = CropOptions(size: size)
        options.usesSecondThread = secondThread
        options.acceptsDamage = acceptsDamage
        return options
    }

    /// The same crop, one thread, libjpeg alone: what every path must make.
    static func reference(_ bytes: [UInt8], size: Int?, acceptsDamage: Bool = false) throws -> [UInt8] {
        var options = Self.options(size: size, secondThread: false, acceptsDamage: acceptsDamage)
        options.libjpegOnly = true
        return try SquareCropper.crop(bytes, options: options).bytes
    }

    @Test(arguments: [
        (phonePhoto, 500, CropPlan.Strategy.resampledPlanes, CropPlan.Decode.restartStrips),
        ("busy", 500, .resampledPlanes, .sharedEntropyDecoding),
        ("busy", nil, .planesToJPEG, .libjpegAlone),
        (phonePhoto, nil, .planesToJPEG, .libjpegAlone),
    ] as [(String, Int?, CropPlan.Strategy, CropPlan.Decode)])
    func thePlannedPathIsTaken(file: String, size: Int?, strategy: CropPlan.Strategy, decode: CropPlan.Decode) throws {
        let bytes = file == "busy" ? try SharedEntropyDecodingTests.busyJPEG() : try TestImages.fixture(file)
        let result = try SquareCropper.crop(bytes, options: Self.options(size: size), planner: Self.sharing)
        let path = try #require(result.path)
        #expect(path.plan.strategy == strategy && path.plan.decode == decode)
        #expect(path.decode == decode && path.fellBack == nil && path.limitedColumns)
        #expect(result.bytes == (try Self.reference(bytes, size: size)))
    }

    /// Too few output rows to cut in two strips: the one decoder goes on alone.
    @Test func restartStripsFallBackToLibjpegAlone() throws {
        let bytes = try TestImages.fixture(Self.phonePhoto)
        let result = try SquareCropper.crop(bytes, options: Self.options(size: 1), planner: Self.sharing)
        let path = try #require(result.path)
        #expect(path.plan.decode == .restartStrips && path.plan.fallback == .libjpegAlone)
        #expect(path.decode == .libjpegAlone && path.fellBack != nil)
        #expect(path.description.contains("; took libjpeg alone: "))
        #expect(result.bytes == (try Self.reference(bytes, size: 1)))
    }

    /// Damage the shared decoding leaves to libjpeg: it gives up, and libjpeg
    /// alone decodes the file again, as the plan's fallback says.
    @Test func sharedDecodingGivesUpToLibjpegAlone() throws {
        var fellBack = 0
        for damaged in SharedEntropyDecodingTests.damaged(try SharedEntropyDecodingTests.busyJPEG()) {
            let result = try SquareCropper.crop(damaged, options: Self.options(size: 300, acceptsDamage: true), planner: Self.sharing)
            let path = try #require(result.path)
            #expect(path.plan.decode == .sharedEntropyDecoding && path.plan.fallback == .libjpegAlone)
            #expect(result.bytes == (try Self.reference(damaged, size: 300, acceptsDamage: true)))
            if path.decode == .libjpegAlone {
                #expect(path.fellBack?.contains("shared entropy decoding") == true)
                fellBack += 1
            }
        }
        #expect(fellBack > 0, "no damaged file made the shared decoding give up")
    }

    /// One header read for the plan and the decode: the plan's decompressor
    /// is the one that decodes (a turned file's RGB path, and lossless, too).
    @Test(arguments: [Orientation.up, .right])
    func everyStrategyReportsItsPlan(orientation: Orientation) throws {
        let bytes = try TestImages.fixture("orientation/Landscape_\(orientation == .up ? 1 : 6).jpg")
        for options in [CropOptions(), CropOptions(size: 100), CropOptions(mode: .lossless)] {
            let path = try #require(try SquareCropper.crop(bytes, options: options).path)
            #expect(path.decode == path.plan.decode && path.fellBack == nil, "\(path)")
        }
    }
}
