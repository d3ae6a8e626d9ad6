import CJPEG
import Glibc  // free
import CJPEGTestSupport
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// Our DCT-domain transcoder (cjpeg_decoder_transcode) against TurboJPEG's
/// (tjTransform, the way taken where ours may not run): for every turn, both
/// codings, every sampling and both kinds of Huffman table, the coefficients
/// of the two outputs are equal block for block.
@Suite struct TranscoderDifferentialTests {
    enum Coding: String, CaseIterable { case baseline, progressive }
    enum Tables: String, CaseIterable { case standard, optimised }

    struct Input: CustomTestStringConvertible, Sendable {
        var subsampling: JPEGSubsampling
        var coding: Coding
        var tables: Tables
        var testDescription: String { "\(subsampling.rawValue) \(coding.rawValue) \(tables.rawValue)" }
    }

    static let inputs: [Input] = [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray].flatMap { subsampling in
        Coding.allCases.flatMap { coding in Tables.allCases.map { Input(subsampling: subsampling, coding: coding, tables: $0) } }
    }

    /// A busy picture whose sides are not whole iMCUs (so turns trim and
    /// crops end in partial blocks), recoded as `input` asks. TurboJPEG
    /// writes the standard Huffman tables; progressive files always carry
    /// optimised ones.
    static func jpeg(_ input: Input) throws -> [UInt8] {
        let plain = try SharedEntropyDecodingTests.busyJPEG(width: 203, height: 141, subsampling: input.subsampling)
        guard input.coding == .progressive || input.tables == .optimised else { return plain }
        return try recode(plain, progressive: input.coding == .progressive, optimise: input.tables == .optimised)
    }

    static func recode(_ jpeg: [UInt8], progressive: Bool, optimise: Bool) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = cjpegtest_recode(jpeg, jpeg.count, progressive ? 1 : 0, optimise ? 1 : 0, &output, &size, &message)
        defer { free(output) }
        guard status == 0, let output else { throw Failure(message) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// libjpeg's message, up to its NUL.
        init(_ message: [CChar]) {
            description = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// A JPEG's coefficients as libjpeg reads them.
    struct Coefficients: Equatable {
        var width, height: Int
        var sampling: [[Int]]
        var blocksAcross, blocksDown: [Int]
        var quantisation: [[UInt16]]
        var blocks: [[Int16]]

        init(_ jpeg: [UInt8]) throws {
            var raw = cjpegtest_coefficients()
            var message = [CChar](repeating: 0, count: 200)
            guard cjpegtest_read(jpeg, jpeg.count, &raw, &message) == 0 else { throw Failure(message) }
            defer { cjpegtest_free(&raw) }
            let components = Int(raw.components)
            func list<T>(_ tuple: (T, T, T, T)) -> [T] { Array([tuple.0, tuple.1, tuple.2, tuple.3].prefix(components)) }
            width = Int(raw.width)
            height = Int(raw.height)
            sampling = zip(list(raw.h_samp), list(raw.v_samp)).map { [Int($0), Int($1)] }
            let across = list(raw.width_in_blocks).map(Int.init), down = list(raw.height_in_blocks).map(Int.init)
            blocksAcross = across
            blocksDown = down
            quantisation = list(raw.quant).map { table in withUnsafeBytes(of: table) { Array($0.bindMemory(to: UInt16.self)) } }
            blocks = zip(list(raw.blocks), zip(across, down)).map { Array(UnsafeBufferPointer(start: $0, count: $1.0 * $1.1 * 64)) }
        }

        /// Where two sets first differ, in words; nil when equal.
        func difference(from other: Coefficients) -> String? {
            if (width, height) != (other.width, other.height) { return "size \(width)x\(height) vs \(other.width)x\(other.height)" }
            if sampling != other.sampling { return "sampling \(sampling) vs \(other.sampling)" }
            if blocksAcross != other.blocksAcross || blocksDown != other.blocksDown { return "block counts differ" }
            if quantisation != other.quantisation { return "quantisation tables differ" }
            for c in blocks.indices where blocks[c] != other.blocks[c] {
                let index = zip(blocks[c], other.blocks[c]).enumerated().first { $0.element.0 != $0.element.1 }!.offset
                let block = index / 64
                return "component \(c), block (\(block % blocksAcross[c]), \(block / blocksAcross[c])), coefficient \(index % 64): \(blocks[c][index]) vs \(other.blocks[c][index])"
            }
            return nil
        }
    }

    /// The crops each turn is tried with, in the turned, trimmed image: all
    /// of it, the product's centre square, and one that starts a block in and
    /// ends inside a block.
    static func crops(_ header: JPEGHeader, _ orientation: Orientation) -> [PixelRect] {
        let stored = header.blockSize
        let block = orientation.swapsAxes ? PixelSize(width: stored.height, height: stored.width) : stored
        let upright = JPEGLosslessCropper.uprightSizeAfterTrim(header.size, block: stored, orientation: orientation)
        let side = upright.shortSide
        let square = PixelRect(x: (upright.width - side) / 2 / block.width * block.width,
                               y: (upright.height - side) / 2 / block.height * block.height, width: side, height: side)
        return [
            PixelRect(x: 0, y: 0, width: upright.width, height: upright.height),
            square,
            PixelRect(x: block.width, y: block.height, width: upright.width - block.width - 5,
                      height: upright.height - block.height - 3),
        ]
    }

    @Test(arguments: inputs)
    func theTranscoderGivesTurboJPEGsCoefficients(input: Input) throws {
        try #require(JPEGDecompressor.ownPathsUsable, "our transcoder does not run here: \(JPEGDecompressor.ownPathsMismatch ?? "")")
        let jpeg = try Self.jpeg(input)
        let header = try JPEGDecoder.header(of: jpeg)
        #expect(header.isProgressive == (input.coding == .progressive))
        try Self.expectSameAsTurboJPEG(jpeg, header, "\(input.testDescription), ")
    }

    /// A gray file whose header claims sampling factors other than 1x1 (legal,
    /// and meaningless: libjpeg decodes one component as single blocks) is
    /// cut on the 8x8 grid and written 1x1, as TurboJPEG does (FuzzCrop found
    /// ours keeping 1x3 and its 8x24 grid).
    @Test(arguments: [0x12, 0x21, 0x22, 0x13] as [UInt8])
    func grayClaimingOtherSamplingIsSingleBlocks(sampling: UInt8) throws {
        try #require(JPEGDecompressor.ownPathsUsable, "our transcoder does not run here: \(JPEGDecompressor.ownPathsMismatch ?? "")")
        var jpeg = try Self.jpeg(Input(subsampling: .gray, coding: .baseline, tables: .standard))
        // SOF0: FF C0, length, precision, height, width, 1 component: id, then its sampling byte.
        let sof = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        #expect(jpeg[sof + 11] == 0x11)
        jpeg[sof + 11] = sampling
        let header = try JPEGDecoder.header(of: jpeg)
        #expect(header.blockSize == PixelSize(width: 8, height: 8))
        try Self.expectSameAsTurboJPEG(jpeg, header)
    }

    /// Every orientation's transform and every crop of `crops`: ours and
    /// TurboJPEG's give the same coefficients and, as both write baseline with
    /// the standard tables and no APPn, the very same file.
    static func expectSameAsTurboJPEG(_ jpeg: [UInt8], _ header: JPEGHeader, _ context: String = "") throws {
        for orientation in Orientation.allCases {
            let transform = JPEGLosslessCropper.operation(for: orientation)
            for crop in crops(header, orientation) {
                let ours = try JPEGDecoder.transcode(jpeg, transform: transform, crop: crop, maxPixels: ImageDefaults.maxPixels)
                let turbo = try TurboJPEGTransform.crop(jpeg, storedBlock: header.blockSize, transform: transform, crop: crop, maxPixels: ImageDefaults.maxPixels)
                let difference = try Coefficients(ours).difference(from: try Coefficients(turbo))
                #expect(difference == nil, "\(context)\(transform), crop \(crop): \(difference ?? "")")
                let sameFile = ours == turbo
                #expect(sameFile, "\(context)\(transform), crop \(crop): the files differ")
            }
        }
    }

    @Test func theOptimisedInputsReallyHaveTheirOwnTables() throws {
        let standard = try Self.jpeg(Input(subsampling: .yuv420, coding: .baseline, tables: .standard))
        let optimised = try Self.jpeg(Input(subsampling: .yuv420, coding: .baseline, tables: .optimised))
        #expect(optimised.count < standard.count)
        #expect(try Coefficients(optimised) == Coefficients(standard))
    }
}
