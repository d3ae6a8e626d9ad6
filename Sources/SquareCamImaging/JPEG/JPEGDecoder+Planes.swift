import CJPEG
import SquareCamCore

extension JPEGDecoder {
    /// The plan's region (stored pixels) decoded at its scale straight from
    /// the stored planes — Y, then Cb and Cr at their own resolution, no
    /// chroma upsampling and no colour conversion — and each plane resampled
    /// (Lanczos-3) to its size in `planeSizes` (one size: luma only) while
    /// it is decoded. Returns gray frames, one a plane, for
    /// JPEGEncoder.encode(planes:). The plan says how: restart strips, the
    /// shared entropy decoding or libjpeg alone, limited columns, the
    /// resampling on a second thread; `path` says what ran. Nil when our
    /// entropy decoding (shared, or in restart strips) gave up: decode again
    /// with `path.decode` libjpeg alone.
    /// Damage anywhere in the file fails the decode unless `acceptsDamage`.
    ///
    /// libjpeg cannot skip rows in this mode, so rows are decoded from the
    /// top to the region's last row (only the region's iMCU columns are
    /// inverse-transformed): a few more inverse DCTs than `decode(region:)`
    /// needs, but far less resampling, which is where the time goes.
    static func decodePlanes(
        _ decompressor: JPEGDecompressor, bytes: [UInt8], plan: CropPlan, planeSizes: [PixelSize], maxPixels: Int,
        path: inout CropPath, acceptsDamage: Bool
    ) throws(ImagingError) -> [Frame]? {
        let layout = try decompressor.startPlanes(scaleEighths: plan.scaleEighths, flatBlocks: plan.writesFlatBlocks)
        startSharing(decompressor, path: &path)
        let plans = makePlans(planes: (0..<Int(layout.count)).map { PlaneLayout(layout, $0) }, region: plan.region,
                              scaleEighths: plan.scaleEighths, planeSizes: planeSizes)
        let (planes, limited) = try decodeOnlyNeededColumns(decompressor, layout: layout, plans: plans,
                                                             limitsColumns: plan.limitsColumns)
        path.limitedColumns = limited
        if path.decode == .restartStrips {
            switch try decodeInStrips(decompressor, bytes: bytes, plan: plan, plans: plans, planes: planes,
                                      maxPixels: maxPixels, acceptsDamage: acceptsDamage) {
            case .decoded(let frames):
                return frames
            case .ourDecodingGaveUp:
                return nil
            case .notCut:
                // Nothing is read yet: this decoder goes on alone.
                path.decode = .libjpegAlone
                path.fellBack = "no cut into two strips (no restart marker in reach, one out of sequence, or too few rows to halve)"
            }
        }
        if path.decode == .sharedEntropyDecoding {
            switch try decodeHandingOver(decompressor, bytes: bytes, plan: plan, plans: plans, planes: planes,
                                         maxPixels: maxPixels, acceptsDamage: acceptsDamage) {
            case .decoded(let frames):
                path.handedOver = true
                return frames
            case .ourDecodingGaveUp:
                return nil
            case .notCut:
                break  // nothing read yet: the shared decoding goes on as without a handover
            }
        }
        let secondThread = plan.usesSecondThread
        return try unlessSharingGaveUp(decompressor, path: path, damage: .forWholeFile(acceptsDamage: acceptsDamage)) {
            () throws(ImagingError) -> [Frame] in
            try resample(decompressor, planes: planes, plans: plans, secondThread: secondThread)
        }
    }

    /// The planes resampled.
    private static func resample(
        _ decompressor: JPEGDecompressor, planes: [PlaneLayout], plans: [PlaneResizer.Plan], secondThread: Bool
    ) throws(ImagingError) -> [Frame] {
        let resizers = plans.map { PlaneResizer(plan: $0) }
        guard secondThread else {
            try pushRows(decompressor, planes: planes, into: resizers)
            return resizers.map { $0.result() }
        }
        let reads = readsNeeded(by: resizers, planes: planes)
        // Reads go in batches of about 64 luma rows: handing each iMCU row
        // to the other thread on its own cost more in wake-ups than it saved.
        let batch = max(1, 64 / planes[0].rowsPerRead)
        let slots = PlaneSlots(planes, count: 3, readsPerSlot: batch)
        let readBatch = { (item: Int, slot: Int) throws(ImagingError) in
            try slots.read(decompressor, item: item, into: slot, reads: reads, planes: planes)
        }
        let feed = { @Sendable (item: Int, slot: Int) in
            for (index, resizer) in resizers.enumerated() {
                let plane = planes[index]
                let firstRow = item * batch * plane.rowsPerRead
                let rows = min(batch * plane.rowsPerRead, plane.size.height - firstRow)
                for row in 0..<max(0, rows) {
                    resizer.push(slots.buffers[slot][index] + row * plane.paddedWidth, firstColumn: plane.firstStoredColumn)
                }
            }
        }
        try TwoThreadPipeline.run(count: (reads + batch - 1) / batch, slotCount: slots.buffers.count,
                                  produce: readBatch, consume: feed)
        return resizers.map { $0.result() }
    }

    /// Has libjpeg turn only the iMCU columns `plans` read into samples (a
    /// centre square of a 4:3 photo leaves a quarter of the inverse DCTs
    /// out); returns the planes, their rows now starting at those columns,
    /// and whether they are limited (see limitColumns).
    static func decodeOnlyNeededColumns(
        _ decompressor: JPEGDecompressor, layout: cjpeg_planes, plans: [PlaneResizer.Plan], limitsColumns: Bool
    ) throws(ImagingError) -> (planes: [PlaneLayout], limited: Bool) {
        // Each plan's columns in image pixels at the decode scale.
        let ranges = plans.indices.map { index in
            let (plane, image) = (Int(element(layout.sample_ratio_x, index)), Int(layout.image_ratio_x))
            let end = plans[index].firstColumn + plans[index].columnCount
            return (plans[index].firstColumn * image / plane, (end * image + plane - 1) / plane - 1)
        }
        let first = ranges.map(\.0).min() ?? 0
        // Plane 0 is the full-resolution luma (or gray): its width is the image's.
        let last = min(ranges.map(\.1).max() ?? 0, Int(layout.width.0) - 1)
        return try limitColumns(decompressor, layout: layout, first: first, last: last, limitsColumns: limitsColumns)
    }

    /// Has libjpeg turn only the blocks under image columns first...last
    /// (at the decode scale) into samples, when `limitsColumns` (the plan's);
    /// returns the planes, their rows starting where it says. When it does
    /// not, or libjpeg declines (a progressive file it block-smooths), every
    /// column is decoded, the planes are as they were, and `limited` is false.
    static func limitColumns(
        _ decompressor: JPEGDecompressor, layout: cjpeg_planes, first: Int, last: Int, limitsColumns: Bool
    ) throws(ImagingError) -> (planes: [PlaneLayout], limited: Bool) {
        let limited = limitsColumns ? try decompressor.limitColumns(first: first, last: last, layout: layout) : nil
        let planes = limited ?? layout
        return ((0..<Int(planes.count)).map { PlaneLayout(planes, $0) }, limited != nil)
    }

    /// Decoding goes by iMCU rows: as many as the lowest kernel of `resizers` reaches.
    static func readsNeeded(by resizers: [PlaneResizer], planes: [PlaneLayout]) -> Int {
        resizers.indices.map { index in
            (resizers[index].sourceRowsNeeded + planes[index].rowsPerRead - 1) / planes[index].rowsPerRead
        }.max() ?? 0
    }

    /// Decodes iMCU rows and pushes them into `resizers` (one a plane) until every one is complete.
    static func pushRows(_ decompressor: JPEGDecompressor, planes: [PlaneLayout], into resizers: [PlaneResizer]) throws(ImagingError) {
        try pushRows(decompressor, planes: planes, intoEach: resizers.map { [$0] })
    }

    /// Decodes iMCU rows and pushes each plane's into every one of its
    /// resizers (`resizers[plane]`: a strip's, or two strips') until all are
    /// complete, or, with `reads`, exactly that many. `readsDone`: the iMCU
    /// rows this decoder has read before (the plane rows' count starts there).
    static func pushRows(
        _ decompressor: JPEGDecompressor, planes: [PlaneLayout], intoEach resizers: [[PlaneResizer]], readsDone: Int = 0,
        reads: Int? = nil
    ) throws(ImagingError) {
        let buffers = planes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.paddedWidth * $0.rowsPerRead) }
        defer { buffers.forEach { $0.deallocate() } }
        var targets: [UnsafeMutablePointer<UInt8>?] = buffers + Array(repeating: nil, count: 3 - planes.count)
        var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
        var rowsSeen = planes.map { readsDone * $0.rowsPerRead }
        var done = 0
        while reads.map({ done < $0 }) ?? !resizers.joined().allSatisfy(\.isComplete) {
            done += 1
            try decompressor.readPlanes(&targets, strides: &strides)
            // Only the planes with resizers (a gray output of a colour file: the luma's).
            for (index, planeResizers) in resizers.enumerated() {
                let plane = planes[index]
                for row in 0..<plane.rowsPerRead where rowsSeen[index] < plane.size.height {
                    for resizer in planeResizers {
                        resizer.push(buffers[index] + row * plane.paddedWidth, firstColumn: plane.firstStoredColumn)
                    }
                    rowsSeen[index] += 1
                }
            }
        }
    }

    /// The resampling plan of each wanted plane for `region`.
    static func makePlans(
        planes: [PlaneLayout], region: PixelRect, scaleEighths: Int, planeSizes: [PixelSize]
    ) -> [PlaneResizer.Plan] {
        let scale = Double(scaleEighths) / 8
        let luma = planeSizes[0]
        return planeSizes.indices.map { index -> (PixelSize, Rect2D, PixelSize) in
            let plane = planes[index], target = planeSizes[index]
            let (across, down) = (scale * plane.samplesPerPixelX, scale * plane.samplesPerPixelY)
            // A subsampled plane's last sample may reach past the luma edge
            // (61 chroma samples for 121 pixels span 122): its source reaches as far.
            let spanX = Double(target.width * ((luma.width + target.width - 1) / target.width)) / Double(luma.width)
            let spanY = Double(target.height * ((luma.height + target.height - 1) / target.height)) / Double(luma.height)
            let source = Rect2D(x: Double(region.x) * across, y: Double(region.y) * down,
                                width: Double(region.width) * across * spanX, height: Double(region.height) * down * spanY)
            return (plane.size, source, target)
        }.reduce(into: [PlaneResizer.Plan]()) { plans, wanted in
            // Planes alike (all three of a 4:4:4 file, both chroma planes) share one plan.
            let twin = plans.first { $0.sourceSize == wanted.0 && $0.source == wanted.1 && $0.output == wanted.2 }
            plans.append(twin ?? PlaneResizer.Plan(sourceSize: wanted.0, source: wanted.1, to: wanted.2))
        }
    }
}

extension JPEGDecoder {
    /// Element `index` of one of cjpeg_planes' per-plane arrays.
    static func element(_ tuple: (UInt32, UInt32, UInt32), _ index: Int) -> UInt32 {
        [tuple.0, tuple.1, tuple.2][index]
    }
}

/// Buffers for `readsPerSlot` iMCU rows of every plane, rows packed: `count` sets of them.
final class PlaneSlots: @unchecked Sendable {
    // Unchecked: TwoThreadPipeline gives each set to one thread at a time.
    let buffers: [[UnsafeMutablePointer<UInt8>]]
    let readsPerSlot: Int

    init(_ planes: [PlaneLayout], count: Int, readsPerSlot: Int) {
        self.readsPerSlot = readsPerSlot
        buffers = (0..<count).map { _ in
            planes.map { .allocate(capacity: $0.paddedWidth * $0.rowsPerRead * readsPerSlot) }
        }
    }

    /// Decodes batch `item` of iMCU rows (readsPerSlot of them, none from
    /// `reads` on) into `slot`.
    func read(_ decompressor: JPEGDecompressor, item: Int, into slot: Int, reads: Int, planes: [PlaneLayout]) throws(ImagingError) {
        var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
        for read in 0..<min(readsPerSlot, reads - item * readsPerSlot) {
            var targets = pointers(slot, read: read, planes: planes)
            try decompressor.readPlanes(&targets, strides: &strides)
        }
    }

    deinit {
        buffers.joined().forEach { $0.deallocate() }
    }

    /// Where cjpeg_decoder_read_planes puts the `read`-th iMCU row of a slot
    /// (three pointers, nil past the planes there are).
    func pointers(_ slot: Int, read: Int, planes: [PlaneLayout]) -> [UnsafeMutablePointer<UInt8>?] {
        planes.indices.map { buffers[slot][$0] + read * planes[$0].rowsPerRead * planes[$0].paddedWidth }
            + Array(repeating: nil, count: 3 - planes.count)
    }
}

/// One stored plane, as cjpeg_decoder_start_planes describes it.
struct PlaneLayout: Sendable {
    var size: PixelSize
    var paddedWidth: Int
    var rowsPerRead: Int
    /// Samples per image pixel at the decode scale's full size (1 for luma, 0.5 for 4:2:0 chroma).
    var samplesPerPixelX: Double
    var samplesPerPixelY: Double
    /// The plane column that starts each decoded row (cjpeg_decoder_limit_columns).
    var firstStoredColumn: Int

    init(_ layout: cjpeg_planes, _ index: Int) {
        func element(_ tuple: (UInt32, UInt32, UInt32)) -> Int { Int(JPEGDecoder.element(tuple, index)) }
        size = PixelSize(width: element(layout.width), height: element(layout.height))
        paddedWidth = element(layout.padded_width)
        rowsPerRead = element(layout.rows_per_read)
        samplesPerPixelX = Double(element(layout.sample_ratio_x)) / Double(layout.image_ratio_x)
        samplesPerPixelY = Double(element(layout.sample_ratio_y)) / Double(layout.image_ratio_y)
        firstStoredColumn = element(layout.first_column)
    }
}
