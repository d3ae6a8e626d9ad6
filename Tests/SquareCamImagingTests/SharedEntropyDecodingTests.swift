import CJPEG
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// One file's entropy-coded data decoded by two threads (cjpeg_entropy_share.c):
/// exactly libjpeg's samples, or a clean hand-back to libjpeg.
@Suite struct SharedEntropyDecodingTests {
    /// A gradient under deterministic noise (up to ±`noise`), encoded without
    /// restart markers: lots of coded data, as a detailed photo has.
    static func busyJPEG(
        width: Int = 1200, height: Int = 900, subsampling: JPEGSubsampling = .yuv420, quality: Int = 95, noise: Int = 32
    ) throws -> [UInt8] {
        var frame = TestImages.gradient(width: width, height: height)
        var plane = frame.planes[0]
        var seed: UInt32 = 12345
        for index in plane.bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            plane.bytes[index] = UInt8(clamping: Int(plane.bytes[index]) + Int(seed >> 24) * noise / 128 - noise)
        }
        frame.planes[0] = plane
        if subsampling == .gray {
            frame = Frame(size: frame.size, layout: .gray, planes: [Frame.Plane(
                bytes: (0..<width * height).map { plane.bytes[($0 / width) * plane.stride + ($0 % width) * 3] },
                stride: width)])
        }
        return try JPEGEncoder.encode(frame, quality: quality, subsampling: subsampling)
    }

    /// What decodeRows saw.
    struct Decoded {
        var rows: [UInt8] = []
        var sharedMCUs = 0
        var gaveUp = false
        var failed = false
    }

    /// Every row of every plane at `eighths`/8 from a raw libjpeg decoder,
    /// its entropy decoding shared when `sharing` (minimum bytes, record capacity) is given.
    static func decodeRows(_ bytes: [UInt8], eighths: Int32 = 8, sharing: (minimum: Int, capacity: Int)? = nil) -> Decoded {
        bytes.withUnsafeBufferPointer { buffer in
            var result = Decoded()
            guard let decoder = cjpeg_decoder_create() else { return Decoded(failed: true) }
            defer { cjpeg_decoder_destroy(decoder) }
            var header = cjpeg_header()
            var layout = cjpeg_planes()
            guard cjpeg_decoder_read_header(decoder, buffer.baseAddress, buffer.count, 0, 1000, &header) == 0,
                  cjpeg_decoder_start_planes(decoder, eighths, &layout) == 0 else { return Decoded(failed: true) }
            if let sharing { _ = cjpeg_decoder_share_entropy(decoder, sharing.minimum, sharing.capacity) }
            let planes = (0..<Int(layout.count)).map { PlaneLayout(layout, $0) }
            let buffers = planes.map { plane in
                let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: plane.paddedWidth * plane.rowsPerRead)
                buffer.initialize(repeating: 0, count: plane.paddedWidth * plane.rowsPerRead)
                return buffer
            }
            defer { buffers.forEach { $0.deallocate() } }
            var targets: [UnsafeMutablePointer<UInt8>?] = buffers + Array(repeating: nil, count: 3 - planes.count)
            var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
            let reads = (planes[0].size.height + planes[0].rowsPerRead - 1) / planes[0].rowsPerRead
            for read in 0..<reads {
                guard cjpeg_decoder_read_planes(decoder, &targets, &strides) == 0 else {
                    result.failed = true
                    break
                }
                for (index, plane) in planes.enumerated() {
                    for row in 0..<plane.rowsPerRead where read * plane.rowsPerRead + row < plane.size.height {
                        result.rows += UnsafeBufferPointer(start: buffers[index] + row * plane.paddedWidth, count: plane.size.width)
                    }
                }
            }
            result.sharedMCUs = Int(cjpeg_decoder_shared_mcus(decoder))
            result.gaveUp = cjpeg_decoder_gave_up_sharing(decoder) != 0
            return result
        }
    }

    /// Where two sample arrays first differ (their common length when one is shorter), nil when equal.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if a == b { return nil }
        return zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    }

    /// MCUs in a width × height image with this subsampling.
    static func mcuCount(width: Int, height: Int, subsampling: JPEGSubsampling) -> Int {
        let (across, down) = switch subsampling {
        case .yuv420: (16, 16)
        case .yuv422: (16, 8)
        case .yuv444, .gray: (8, 8)
        }
        return ((width + across - 1) / across) * ((height + down - 1) / down)
    }

    @Test(arguments: [JPEGSubsampling.yuv444, .yuv422, .yuv420, .gray])
    func twoThreadsGiveExactlyLibjpegsSamples(subsampling: JPEGSubsampling) throws {
        let jpeg = try Self.busyJPEG(subsampling: subsampling)
        let total = Self.mcuCount(width: 1200, height: 900, subsampling: subsampling)
        // Every scale: the reduced inverse DCTs each read only some of the coefficients, and the helper records only those.
        for eighths: Int32 in [8, 4, 2, 1] {
            let plain = Self.decodeRows(jpeg, eighths: eighths)
            let shared = Self.decodeRows(jpeg, eighths: eighths, sharing: (0, 64 << 20))
            let (failed, gaveUp, sharedMCUs) = (plain.failed || shared.failed, shared.gaveUp, shared.sharedMCUs)
            #expect(!failed && !gaveUp)
            #expect(Self.firstDifference(shared.rows, plain.rows) == nil, "\(subsampling) at \(eighths)/8")
            // The helper starts 30 % into the data and takes all the rest.
            #expect(sharedMCUs > total / 2 && sharedMCUs < total, "\(sharedMCUs) of \(total)")
        }
    }

    /// Out of room, the helper stops and this thread decodes on from the
    /// helper's reader. Its positions then count from the helper's start: they
    /// must no longer be matched against the helper's sync points, where one
    /// could make up a common boundary (with 80 KB of records one did).
    @Test(arguments: [8_000, 20_000, 40_000, 80_000])
    func aHelperOutOfRoomHandsItsPlaceOver(capacity: Int) throws {
        let jpeg = try Self.busyJPEG()
        let total = Self.mcuCount(width: 1200, height: 900, subsampling: .yuv420)
        let plain = Self.decodeRows(jpeg)
        let shared = Self.decodeRows(jpeg, sharing: (0, capacity))
        let (failed, gaveUp, sharedMCUs) = (shared.failed, shared.gaveUp, shared.sharedMCUs)
        #expect(!failed && !gaveUp)
        #expect(Self.firstDifference(shared.rows, plain.rows) == nil)
        #expect(sharedMCUs > 0 && sharedMCUs < total / 2, "\(sharedMCUs) of \(total)")
    }

    @Test func smallFilesAreNotShared() throws {
        let jpeg = try Self.busyJPEG()
        let shared = Self.decodeRows(jpeg, sharing: (jpeg.count + 1, 64 << 20))
        let (failed, sharedMCUs) = (shared.failed, shared.sharedMCUs)
        #expect(!failed && sharedMCUs == 0)
        let progressive = try #require(Self.progressive(jpeg))
        let progressiveMCUs = Self.decodeRows(progressive, sharing: (0, 64 << 20)).sharedMCUs
        #expect(progressiveMCUs == 0)
    }

    /// `jpeg` made progressive by TurboJPEG's lossless transform.
    static func progressive(_ jpeg: [UInt8]) -> [UInt8]? {
        guard let handle = tjInitTransform() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var transform = tjtransform()
        transform.options = TJXOPT_PROGRESSIVE
        var source = jpeg
        guard tjTransform(handle, &source, UInt(jpeg.count), 1, &output, &size, &transform, 0) == 0, let output else { return nil }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with damage past the middle of its coded data, where the helper decodes.
    static func damaged(_ jpeg: [UInt8]) -> [[UInt8]] {
        var files = [Array(jpeg[..<(jpeg.count * 4 / 5)]) + [0xFF, 0xD9]]  // cut short
        var marked = jpeg
        marked[jpeg.count * 2 / 3] = 0xFF
        marked[jpeg.count * 2 / 3 + 1] = 0xD0  // a stray restart marker
        files.append(marked)
        // Runs of one bits: a code no table has, in a DC or an AC position as
        // it falls; the shorter runs leave the codes after it decodable.
        let runs: [[UInt8]] = [[0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00], [0xFF, 0x00, 0x80, 0x00], [0xFF, 0x00, 0xC0, 0x00]]
        for step in 0..<12 {
            var ones = jpeg
            let at = jpeg.count * (55 + 3 * step) / 100
            let run = runs[step % runs.count]
            ones.replaceSubrange(at..<(at + run.count), with: run)
            files.append(ones)
        }
        return files
    }

    /// Damaged data: the two-thread decoding stops where it meets it, its
    /// samples up to there libjpeg's, and hands the file to libjpeg, so a
    /// crop comes out exactly as libjpeg alone makes it (or fails as it does).
    @Test func damagedDataIsLeftToLibjpeg() throws {
        // The smooth picture's blocks are mostly a DC difference and an end
        // of block, so its damage often falls on a DC code; the busy one's on AC codes.
        let smooth = try JPEGEncoder.encode(TestImages.gradient(width: 1200, height: 900), quality: 90)
        for (index, damaged) in (Self.damaged(try Self.busyJPEG()) + Self.damaged(smooth)).enumerated() {
            let plain = Self.decodeRows(damaged)
            let shared = Self.decodeRows(damaged, sharing: (0, 64 << 20))
            // Damage that still decodes is decoded as libjpeg does; any other stops the two threads there.
            let (gaveUp, complete) = (shared.gaveUp, shared.rows.count == plain.rows.count)
            let difference = Self.firstDifference(shared.rows, Array(plain.rows.prefix(shared.rows.count)))
            #expect(gaveUp != complete && difference == nil, "file \(index)")
            var options = CropOptions(size: 300)
            options.usesSecondThread = true
            let twoThreads = Result { try SquareCropper.crop(damaged, options: options, planner: Self.sharing).bytes }
            let libjpeg = Result { try SquareCropper.crop(damaged, options: options, planner: Self.notSharing).bytes }
            switch (twoThreads, libjpeg) {
            case let (.success(a), .success(b)): #expect(a == b, "file \(index)")
            case let (.failure(a), .failure(b)): #expect("\(a)" == "\(b)", "file \(index)")
            default: Issue.record("file \(index): one path failed and the other did not")
            }
        }
    }

    @Test func aCropSharingTheDecodingIsTheSameFile() throws {
        let jpeg = try Self.busyJPEG(subsampling: .yuv444)
        var options = CropOptions(size: 500)
        options.usesSecondThread = true
        let shared = try SquareCropper.crop(jpeg, options: options, planner: Self.sharing)
        #expect(shared.path?.decode == .sharedEntropyDecoding)
        let alone = try SquareCropper.crop(jpeg, options: options, planner: Self.notSharing)
        #expect(alone.path?.decode == .libjpegAlone)
        #expect(alone.bytes == shared.bytes)
    }

    /// Planners that share the decoding of any file, and of none.
    static let sharing = CropPlanner(sharedDecodingMinimumBytes: 0)
    static let notSharing = CropPlanner(sharedDecodingMinimumBytes: .max)

    /// What decodeTopThenFinish saw.
    struct Finished: Equatable {
        var finished = false
        var sharedMCUs = 0
        var gaveUp = false
        /// libjpeg's warnings: how many, the first, and its iMCU row ("" when none).
        var damage = ""
    }

    /// The top `reads` iMCU rows of `jpeg` in the middle third of its columns
    /// (cjpeg_decoder_limit_columns), its entropy decoding shared when
    /// `sharing`, then the rest of the file read for damage
    /// (cjpeg_decoder_finish_input), as a crop of a stored-portrait photo does.
    static func decodeTopThenFinish(_ jpeg: [UInt8], reads: Int, sharing: Bool) -> Finished {
        jpeg.withUnsafeBufferPointer { buffer in
            guard let decoder = cjpeg_decoder_create() else { return Finished() }
            defer { cjpeg_decoder_destroy(decoder) }
            var header = cjpeg_header()
            var layout = cjpeg_planes()
            guard cjpeg_decoder_read_header(decoder, buffer.baseAddress, buffer.count, 0, 1000, &header) == 0,
                  cjpeg_decoder_start_planes(decoder, 8, &layout) == 0 else { return Finished() }
            if sharing { _ = cjpeg_decoder_share_entropy(decoder, 0, 64 << 20) }
            let width = header.width
            guard cjpeg_decoder_limit_columns(decoder, width / 3, width * 2 / 3, &layout) == 0 else { return Finished() }
            let planes = (0..<Int(layout.count)).map { PlaneLayout(layout, $0) }
            let buffers = planes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.paddedWidth * $0.rowsPerRead) }
            defer { buffers.forEach { $0.deallocate() } }
            var targets: [UnsafeMutablePointer<UInt8>?] = buffers + Array(repeating: nil, count: 3 - planes.count)
            var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
            var result = Finished()
            result.finished = (0..<reads).allSatisfy { _ in cjpeg_decoder_read_planes(decoder, &targets, &strides) == 0 }
                && cjpeg_decoder_finish_input(decoder) == 0
            var damage = cjpeg_damage()
            cjpeg_decoder_damage(decoder, &damage)
            if damage.warnings > 0 { result.damage = "\(damage.warnings): \(String(cString: damage.text)) at \(damage.imcu_row)" }
            result.sharedMCUs = Int(cjpeg_decoder_shared_mcus(decoder))
            result.gaveUp = cjpeg_decoder_gave_up_sharing(decoder) != 0
            return result
        }
    }

    /// The rows below a crop, read only for damage, are taken from the
    /// helper's records as far as the end, skipped rather than copied (full
    /// noise at quality 100 makes many coefficients too large for one byte,
    /// which the skipping must step over); damage there is what libjpeg alone finds.
    @Test(arguments: [(95, 32), (100, 128)])
    func rowsReadOnlyForDamageGoThroughTheHelpersRecords(quality: Int, noise: Int) throws {
        let jpeg = try Self.busyJPEG(quality: quality, noise: noise)
        let whole = Self.decodeRows(jpeg, sharing: (0, 64 << 20))
        let top = Self.decodeTopThenFinish(jpeg, reads: 40, sharing: true)  // of 57 iMCU rows
        #expect(top == Finished(finished: true, sharedMCUs: whole.sharedMCUs), "quality \(quality)")
        #expect(whole.sharedMCUs > 0)
        var found = 0
        for (index, damaged) in Self.damaged(jpeg).enumerated() {
            let shared = Self.decodeTopThenFinish(damaged, reads: 40, sharing: true)
            let alone = Self.decodeTopThenFinish(damaged, reads: 40, sharing: false)
            #expect(shared.gaveUp || (shared.finished, shared.damage) == (alone.finished, alone.damage), "file \(index)")
            if !alone.damage.isEmpty { found += 1 }
        }
        // Some runs of one bits still decode (as codes that exist); most damage is seen.
        #expect(found > Self.damaged(jpeg).count / 2, "\(found)")
    }
}
