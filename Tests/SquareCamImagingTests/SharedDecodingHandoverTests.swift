import CJPEG
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The handover of a shared entropy decoding (cjpeg_entropy_share.c,
/// JPEGDecoder+Handover.swift): the helper stops a few rows past a given MCU
/// row and a second decoder, made from the headers alone, decodes the rest
/// from the helper's reader: exactly libjpeg's samples, or the first decoder
/// reads on, or the file goes to libjpeg alone.
@Suite struct SharedDecodingHandoverTests {
    /// Odd sizes: a partial last MCU row and column.
    static func busy(_ subsampling: JPEGSubsampling) throws -> [UInt8] {
        try SharedEntropyDecodingTests.busyJPEG(width: 1203, height: 905, subsampling: subsampling)
    }

    /// Runs `body` with a decoder of `bytes` started for planes at `eighths`, and its planes; nil when that fails.
    static func withDecoder<Value>(
        _ bytes: [UInt8], eighths: Int32, _ body: (OpaquePointer, [PlaneLayout]) -> Value
    ) -> Value? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = cjpeg_decoder_create() else { return nil }
            defer { cjpeg_decoder_destroy(decoder) }
            var header = cjpeg_header()
            var layout = cjpeg_planes()
            guard cjpeg_decoder_read_header(decoder, buffer.baseAddress, buffer.count, 0, 1000, &header) == 0,
                  cjpeg_decoder_start_planes(decoder, eighths, &layout) == 0 else { return nil }
            return body(decoder, (0..<Int(layout.count)).map { PlaneLayout(layout, $0) })
        }
    }

    /// The next `count` iMCU rows: each read's rows of every plane; fewer when a read fails.
    static func reads(_ decoder: OpaquePointer, planes: [PlaneLayout], count: Int) -> [[UInt8]] {
        let buffers = planes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.paddedWidth * $0.rowsPerRead) }
        defer { buffers.forEach { $0.deallocate() } }
        var targets: [UnsafeMutablePointer<UInt8>?] = buffers + Array(repeating: nil, count: 3 - planes.count)
        var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
        var made: [[UInt8]] = []
        for _ in 0..<count {
            guard cjpeg_decoder_read_planes(decoder, &targets, &strides) == 0 else { break }
            var rows: [UInt8] = []
            for (index, plane) in planes.enumerated() {
                for row in 0..<plane.rowsPerRead {
                    rows += UnsafeBufferPointer(start: buffers[index] + row * plane.paddedWidth, count: plane.size.width)
                }
            }
            made.append(rows)
        }
        return made
    }

    /// What a handover at MCU row `lowerRow` gave: every read's rows (the
    /// first decoder's, then the second's), and whether it was handed over.
    static func handOver(_ jpeg: [UInt8], eighths: Int32, atMCURow lowerRow: Int, mcuRows: Int,
                         refuseAtOnce: Bool = false) -> (reads: [[UInt8]], handedOver: Bool)? {
        withDecoder(jpeg, eighths: eighths) { upper, planes -> (reads: [[UInt8]], handedOver: Bool)? in
            guard cjpeg_decoder_share_entropy(upper, 0, 64 << 20) == 1,
                  cjpeg_decoder_hand_over(upper, UInt32(lowerRow), UInt32(min(lowerRow + 2, mcuRows))) == 1 else { return nil }
            if refuseAtOnce { _ = cjpeg_decoder_lower_strip_handed_over(upper) }
            var made = reads(upper, planes: planes, count: lowerRow)
            guard cjpeg_decoder_lower_strip_handed_over(upper) == 1 else {
                made += reads(upper, planes: planes, count: mcuRows - lowerRow)
                return (made, false)
            }
            let headers = JPEGScanHeaders(jpeg)!.headers(of: jpeg, fromMCURow: lowerRow) + [0xFF, 0xD9]
            return withDecoder(headers, eighths: eighths) { lower, lowerPlanes -> (reads: [[UInt8]], handedOver: Bool)? in
                guard cjpeg_decoder_take_handover(lower, upper) == 1 else { return nil }
                made += reads(lower, planes: lowerPlanes, count: mcuRows - lowerRow)
                // The coded data ends with the last MCU: the end of image follows, nothing left over.
                guard cjpeg_decoder_finish_input(lower) == 0, cjpeg_decoder_gave_up_sharing(lower) == 0 else { return nil }
                return (made, true)
            } ?? nil
        } ?? nil
    }

    /// The second decoder continues from the helper's reader and predictors
    /// exactly: every plane at every scale is libjpeg's, row for row.
    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func theSecondDecoderContinuesExactlyWhereTheHelperHandsOver(subsampling: JPEGSubsampling) throws {
        let jpeg = try Self.busy(subsampling)
        let scan = try #require(JPEGScanHeaders(jpeg))
        for eighths: Int32 in [8, 4, 2, 1] {
            let plain = try #require(Self.withDecoder(jpeg, eighths: eighths) { decoder, planes in
                Self.reads(decoder, planes: planes, count: scan.mcuRows)
            })
            #expect(plain.count == scan.mcuRows)
            let lowerRow = scan.mcuRows * 4 / 5
            // The helper hands over only when it learns where it is before it
            // passes the row; on a machine busy enough, it may not (then the first decoder reads on).
            var handedOver = false
            for _ in 0..<5 where !handedOver {
                let made = try #require(Self.handOver(jpeg, eighths: eighths, atMCURow: lowerRow, mcuRows: scan.mcuRows),
                                        "\(subsampling) at \(eighths)/8")
                let same = made.reads == plain  // not in the expectation: it would print every sample
                #expect(same, "\(subsampling) at \(eighths)/8, handed over: \(made.handedOver)")
                handedOver = made.handedOver
            }
            #expect(handedOver, "\(subsampling) at \(eighths)/8: never handed over in 5 tries")
        }
    }

    /// The first decoder, at the row before the helper knew where it was,
    /// refuses the handover and reads the lower strip itself; the second
    /// decoder is told no handover comes.
    @Test func aHandoverRefusedLeavesTheLowerStripToTheFirstDecoder() throws {
        let jpeg = try Self.busy(.yuv420)
        let scan = try #require(JPEGScanHeaders(jpeg))
        let plain = try #require(Self.withDecoder(jpeg, eighths: 8) { decoder, planes in
            Self.reads(decoder, planes: planes, count: scan.mcuRows)
        })
        let made = try #require(Self.handOver(jpeg, eighths: 8, atMCURow: scan.mcuRows / 2, mcuRows: scan.mcuRows,
                                              refuseAtOnce: true))
        let same = made.reads == plain
        #expect(!made.handedOver && same)
        // No helper and no handover asked for: the second decoder hears at once that none comes.
        let none = Self.withDecoder(jpeg, eighths: 8) { upper, _ in
            Self.withDecoder(jpeg, eighths: 8) { lower, _ in cjpeg_decoder_take_handover(lower, upper) }
        }
        #expect(none == 0)
    }

    /// A crop through the handover is the file libjpeg alone makes, for
    /// every subsampling, and says it was handed over.
    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func aCropHandedOverIsLibjpegsFile(subsampling: JPEGSubsampling) throws {
        let jpeg = try Self.busy(subsampling)
        for size in [333, 700] {
            let reference = try CropPlanExecutorTests.reference(jpeg, size: size)
            var handedOver = false
            for _ in 0..<5 where !handedOver {
                let result = try SquareCropper.crop(jpeg, options: CropPlanExecutorTests.options(size: size),
                                                    planner: SharedEntropyDecodingTests.sharing)
                let path = try #require(result.path)
                #expect(path.decode == .sharedEntropyDecoding && path.fellBack == nil, "\(path)")
                let same = result.bytes == reference
                #expect(same, "\(subsampling) at \(size): \(path)")
                handedOver = path.handedOver
            }
            #expect(handedOver, "\(subsampling) at \(size): never handed over in 5 tries")
        }
    }

    /// Damage in the lower strip (the second decoder's) or just above it
    /// (the helper's records): the crop fails with libjpeg's own sentence,
    /// or, with damage accepted, is the file libjpeg alone makes.
    @Test func damageNearOrBelowTheHandoverIsWhatLibjpegAloneSays() throws {
        let jpeg = try Self.busy(.yuv420)
        var files = [Array(jpeg[..<(jpeg.count * 93 / 100)]) + [0xFF, 0xD9]]  // cut short in the lower strip
        for percent in [80, 88, 92, 96] {
            var marked = jpeg
            marked.replaceSubrange(jpeg.count * percent / 100..<jpeg.count * percent / 100 + 4, with: [0xFF, 0x00, 0xFF, 0x00])
            files.append(marked)
            var stray = jpeg
            stray.replaceSubrange(jpeg.count * percent / 100..<jpeg.count * percent / 100 + 2, with: [0xFF, 0xD3])
            files.append(stray)
        }
        for (index, file) in files.enumerated() {
            for accepts in [false, true] {
                let options = CropPlanExecutorTests.options(size: 500, acceptsDamage: accepts)
                let ours = Result { try SquareCropper.crop(file, options: options, planner: SharedEntropyDecodingTests.sharing).bytes }
                let alone = Result { try CropPlanExecutorTests.reference(file, size: 500, acceptsDamage: accepts) }
                switch (ours, alone) {
                case let (.success(a), .success(b)):
                    let same = a == b
                    #expect(same, "file \(index), damage accepted: \(accepts)")
                case let (.failure(a), .failure(b)): #expect("\(a)" == "\(b)", "file \(index), damage accepted: \(accepts)")
                default: Issue.record("file \(index), damage accepted: \(accepts): \(ours) against \(alone)")
                }
            }
        }
    }
}
