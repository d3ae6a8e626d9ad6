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

    /// decodePlanes on two cores for a file without restart markers whose
    /// entropy decoding is shared (startSharing ran, nothing read yet). The
    /// helper thread records the coded data's middle for `decompressor`, as
    /// without a handover, but stops a few rows past `handoverUpperShare` of
    /// the MCU rows: from there a second decoder, made from the headers with
    /// the lower rows' height (JPEGScanHeaders), decodes the rest from the
    /// helper's reader, on the helper's thread once it stops, and resamples
    /// it into the lower strip's resizers (LowerStripDecode). So both cores
    /// run inverse DCTs and resampling, where without it this thread ran all
    /// of them. When the helper cannot hand
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
        let upperReads = readsNeeded(by: upper, planes: planes)
        guard decompressor.handOver(atMCURow: lowerRow, upperMCURows: min(max(upperReads, lowerRow), scan.mcuRows))
        else { return .notCut }

        let headers = scan.headers(of: bytes, fromMCURow: lowerRow) + [0xFF, 0xD9]
        let source = decompressor.handoverSource
        let lowerDecode = LowerStripDecode(plan: plan, plans: plans, maxPixels: maxPixels,
                                           damage: acceptsDamage ? .none : .wholeFile(rowOffset: lowerRow * scan.mcuHeight))
        let lowerStrip = Mutex(LowerStrip.notComing)
        let lowerDone = DispatchGroup()
        lowerDone.enter()
        decompressor.afterHelper {
            let outcome = lowerDecode.run(headers, into: lower) { $0.takeHandover(from: source) }
            lowerStrip.withLock { $0 = outcome }
            lowerDone.leave()
        }
        var readsLower = false
        let upperFailure: ImagingError?
        do throws(ImagingError) {
            // Always down to the lower strip's row: the rows above it are this
            // decoder's to check, whether the upper strip needs them or not.
            try pushRows(decompressor, planes: planes, intoEach: upper.map { [$0] }, reads: lowerRow)
            readsLower = !decompressor.lowerStripHandedOver()
            // On to the upper strip's last taps, or through the lower strip when it was not handed over.
            let rest = upper.indices.map { readsLower ? [upper[$0], lower[$0]] : [upper[$0]] }
            try pushRows(decompressor, planes: planes, intoEach: rest, readsDone: lowerRow)
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
}
