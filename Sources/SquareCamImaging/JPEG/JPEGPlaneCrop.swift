import SquareCamCore

extension JPEGDecoder {
    /// The plan's region of a JPEG at full size as a new JPEG at `quality`,
    /// made straight from the stored planes: decoded a band at a time and
    /// encoded as it comes (on a second thread when the plan says so), with
    /// no colour conversion and never the whole picture in memory. The
    /// output keeps the input's chroma sampling and carries no metadata. The
    /// planner has checked that the file has plain planes and the region
    /// starts on a chroma sample. One decoder: the second thread, if any,
    /// encodes. Damage anywhere in the file fails the crop unless `acceptsDamage`.
    static func cropPlanesToJPEG(
        _ decompressor: JPEGDecompressor, plan: CropPlan, quality: Int, path: inout CropPath, acceptsDamage: Bool
    ) throws(ImagingError) -> [UInt8] {
        let region = plan.region
        let layout = try decompressor.startPlanes(scaleEighths: 8)
        let (planes, limited) = try limitColumns(decompressor, layout: layout, first: region.x, last: region.maxX - 1,
                                                 limitsColumns: plan.limitsColumns)
        path.limitedColumns = limited
        let sampling = decompressor.header.samplingFactors
        let writer = try JPEGBandWriter(region: region, planes: planes, across: sampling.width, down: sampling.height,
                                        quality: quality)
        try copyRows(decompressor, planes: planes, into: writer, secondThread: plan.usesSecondThread)
        let jpeg = try writer.finish()
        try decompressor.check(.forWholeFile(acceptsDamage: acceptsDamage))
        return jpeg
    }

    /// Reads iMCU rows until `writer` has every row; with `secondThread`
    /// the writer encodes on another thread while this one decodes.
    private static func copyRows(
        _ decompressor: JPEGDecompressor, planes: [PlaneLayout], into writer: JPEGBandWriter, secondThread: Bool
    ) throws(ImagingError) {
        let reads = writer.inputRowsNeeded(planes: planes)
        let batch = secondThread ? max(1, 64 / planes[0].rowsPerRead) : 1
        let slots = PlaneSlots(planes, count: secondThread ? 3 : 1, readsPerSlot: batch)
        let readBatch = { (item: Int, slot: Int) throws(ImagingError) in
            try slots.read(decompressor, item: item, into: slot, reads: reads, planes: planes)
        }
        let feed = { @Sendable (item: Int, slot: Int) in
            // An iMCU row at a time, every plane: luma then stays at most a band ahead of chroma.
            for read in 0..<min(batch, reads - item * batch) {
                for (index, plane) in planes.enumerated() {
                    let firstRow = (item * batch + read) * plane.rowsPerRead
                    let buffer = slots.buffers[slot][index] + read * plane.rowsPerRead * plane.paddedWidth
                    for row in 0..<min(plane.rowsPerRead, max(0, plane.size.height - firstRow)) {
                        writer.push(buffer + row * plane.paddedWidth, row: firstRow + row, plane: index)
                    }
                }
            }
        }
        let items = (reads + batch - 1) / batch
        if secondThread {
            try TwoThreadPipeline.run(count: items, slotCount: slots.buffers.count, produce: readBatch, consume: feed)
        } else {
            for item in 0..<items {
                try readBatch(item, 0)
                feed(item, 0)
            }
        }
        if let failure = writer.failure { throw failure }
    }
}
