import Dispatch
import SquareCamCore
import Synchronization

extension JPEGDecoder {
    /// The MCU rows the upper strip of a handover keeps, as a part of all:
    /// the first decoder copies the helper's records for most of them, which
    /// costs less per row than the second decoder's dense decoding. On the
    /// 48 MP file (25 alternated runs) 0.80 and 0.85 timed alike, 0.75 and
    /// 0.90 about 3 % slower.
    static let handoverUpperShare = 0.85

    /// What the lower strip's thread of a handover did.
    private enum LowerStrip: Sendable {
        /// Decoded it into its resizers.
        case decoded
        /// No handover came: the first decoder read the lower strip.
        case notComing
        /// Our entropy decoding gave up, or the handover came and could not
        /// be taken: decode the file again with libjpeg alone.
        case gaveUp
        case failed(ImagingError)
    }

    /// decodePlanes on two cores for a file without restart markers whose
    /// entropy decoding is shared (startSharing ran, nothing read yet). The
    /// helper thread records the coded data's middle for `decompressor`, as
    /// without a handover, but stops a few rows past `handoverUpperShare` of
    /// the MCU rows: from there a second decoder, made from the headers with
    /// the lower rows' height (JPEGScanHeaders), decodes the rest from the
    /// helper's reader, on the helper's thread once it stops, and resamples
    /// it into the lower strip's resizers. So both cores run inverse DCTs and resampling, where
    /// without it this thread ran all of them. When the helper cannot hand
    /// over (this thread found no common boundary, or found it after the
    /// helper had passed the lower strip's row), this thread reads on through
    /// the lower strip. The planes are bit for bit those of one decoder.
    static func decodeHandingOver(
        _ decompressor: JPEGDecompressor, bytes: [UInt8], plan: CropPlan, plans: [PlaneResizer.Plan],
        planes: [PlaneLayout], maxPixels: Int, acceptsDamage: Bool
    ) throws(ImagingError) -> StripDecode {
        guard let scan = JPEGScanHeaders(bytes), scan.restartInterval == 0 else { return .notCut }
        let lowerRow = Int((Double(scan.mcuRows) * handoverUpperShare).rounded())
        guard lowerRow > 0, lowerRow < scan.mcuRows,
              let split = split(atMCURow: lowerRow, planes: planes, plans: plans) else { return .notCut }
        let upper = plans.indices.map { PlaneResizer(plan: plans[$0], rows: split.upperRows[$0]) }
        let lower = plans.indices.map {
            PlaneResizer(plan: plans[$0], rows: split.lowerRows[$0], firstSourceRow: lowerRow * planes[$0].rowsPerRead)
        }
        // The rows this decoder reads for the upper strip's last outputs' taps.
        let upperReads = upper.indices.map { index in
            (upper[index].sourceRowsNeeded + planes[index].rowsPerRead - 1) / planes[index].rowsPerRead
        }.max() ?? 0
        guard decompressor.handOver(atMCURow: lowerRow, upperMCURows: min(max(upperReads, lowerRow), scan.mcuRows))
        else { return .notCut }

        let headers = scan.headers(of: bytes, fromMCURow: lowerRow) + [0xFF, 0xD9]
        let source = decompressor.handoverSource
        let (scaleEighths, limitsColumns, flatBlocks) = (plan.scaleEighths, plan.limitsColumns, plan.writesFlatBlocks)
        let lowerDamage: DamageCheck = acceptsDamage ? .none : .wholeFile(rowOffset: lowerRow * scan.mcuHeight)
        let lowerStrip = Mutex(LowerStrip.notComing)
        let lowerDone = DispatchGroup()
        lowerDone.enter()
        decompressor.afterHelper {
            let outcome = decodeHandedOverStrip(headers, from: source, scaleEighths: scaleEighths, flatBlocks: flatBlocks,
                                                plans: plans, into: lower, limitsColumns: limitsColumns,
                                                maxPixels: maxPixels, damage: lowerDamage)
            lowerStrip.withLock { $0 = outcome }
            lowerDone.leave()
        }
        var readsLower = false
        let upperFailure: ImagingError?
        do throws(ImagingError) {
            readsLower = try pushRowsHandingOver(decompressor, planes: planes, upper: upper, lower: lower,
                                                 lowerRow: lowerRow)
            let damage: DamageCheck = acceptsDamage ? .none : readsLower ? .wholeFile() : .rowsRead(rowOffset: 0)
            try decompressor.check(damage)
            upperFailure = nil
        } catch {
            // Stopped early (damage): a handover not made by now is refused,
            // so the helper's thread, once it stops, finds none to take.
            _ = decompressor.lowerStripHandedOver()
            upperFailure = error
        }
        lowerDone.wait()
        let outcome = lowerStrip.withLock { $0 }
        // Either decoder giving up leaves the whole file to libjpeg, which
        // then says in its own words what is wrong and where.
        if decompressor.gaveUpSharing { return .ourDecodingGaveUp }
        switch outcome {
        case .gaveUp: return .ourDecodingGaveUp
        case .failed(let error): throw upperFailure ?? error
        // Nobody read the lower strip: cannot be (a handover not taken is one this decoder read on through).
        case .notComing where upperFailure == nil && !readsLower: return .ourDecodingGaveUp
        case .decoded, .notComing: break
        }
        if let upperFailure { throw upperFailure }
        return .decoded(upper.indices.map { upper[$0].result(with: [lower[$0]]) })
    }

    /// Decodes iMCU rows into the upper strip's resizers, always down to
    /// the lower strip's first row (the rows above it are this decoder's to
    /// check, whether the upper strip needs them or not); there asks whether
    /// the lower strip was handed over, and if not, reads on through it into
    /// its resizers too. Returns whether it read the lower strip.
    private static func pushRowsHandingOver(
        _ decompressor: JPEGDecompressor, planes: [PlaneLayout], upper: [PlaneResizer], lower: [PlaneResizer],
        lowerRow: Int
    ) throws(ImagingError) -> Bool {
        let buffers = planes.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.paddedWidth * $0.rowsPerRead) }
        defer { buffers.forEach { $0.deallocate() } }
        var targets: [UnsafeMutablePointer<UInt8>?] = buffers + Array(repeating: nil, count: 3 - planes.count)
        var strides = planes.map(\.paddedWidth) + Array(repeating: 0, count: 3 - planes.count)
        var rowsSeen = [Int](repeating: 0, count: planes.count)
        var reads = 0
        var decided = false, readsLower = false
        while true {
            if !decided && reads == lowerRow {
                decided = true
                readsLower = !decompressor.lowerStripHandedOver()
            }
            if decided && upper.allSatisfy(\.isComplete) && (!readsLower || lower.allSatisfy(\.isComplete)) { break }
            try decompressor.readPlanes(&targets, strides: &strides)
            for (index, plane) in planes.enumerated() {
                for row in 0..<plane.rowsPerRead where rowsSeen[index] < plane.size.height {
                    let samples = buffers[index] + row * plane.paddedWidth
                    upper[index].push(samples, firstColumn: plane.firstStoredColumn)
                    if readsLower && reads >= lowerRow { lower[index].push(samples, firstColumn: plane.firstStoredColumn) }
                    rowsSeen[index] += 1
                }
            }
            reads += 1
        }
        return readsLower
    }

    /// The lower strip's thread: a decoder of `headers` (the file's, with the
    /// lower rows' height, and no data) takes the helper's handover and
    /// pushes its rows into `resizers`.
    private static func decodeHandedOverStrip(
        _ headers: [UInt8], from source: JPEGDecompressor.HandoverSource, scaleEighths: Int, flatBlocks: Bool,
        plans: [PlaneResizer.Plan], into resizers: [PlaneResizer], limitsColumns: Bool, maxPixels: Int,
        damage: DamageCheck
    ) -> LowerStrip {
        do {
            return try JPEGDecompressor.with(headers, maxPixels: maxPixels) { (lower) throws(ImagingError) -> LowerStrip in
                let layout = try lower.startPlanes(scaleEighths: scaleEighths, flatBlocks: flatBlocks)
                let planes = try decodeOnlyNeededColumns(lower, layout: layout, plans: plans,
                                                         limitsColumns: limitsColumns).planes
                switch lower.takeHandover(from: source) {
                case .notComing: return .notComing
                case .cannotTake: return .gaveUp
                case .taken: break
                }
                do throws(ImagingError) {
                    try pushRows(lower, planes: planes, into: resizers)
                    try lower.check(damage)
                    return .decoded
                } catch {
                    return lower.gaveUpSharing ? .gaveUp : .failed(error)
                }
            }
        } catch {
            // Its headers would not decode (they are the first decoder's):
            // if the handover comes, nobody has it.
            return .gaveUp
        }
    }
}
