import Dispatch
import SquareCamCore
import Synchronization

extension JPEGDecoder {
    /// What decodeInStrips made.
    enum StripDecode {
        case decoded([Frame])
        /// The file cannot be cut (no restart marker in reach, a file cut
        /// short before its lower strip, an output too small to halve):
        /// nothing is read, and one decoder goes on.
        case notCut
        /// Our entropy decoding met data it leaves to libjpeg (damage, an
        /// unusual table or marker): decode the file again with libjpeg alone.
        case ourDecodingGaveUp
    }

    /// decodePlanes on two cores for a file with restart markers: the upper
    /// part of the output is made by `decompressor` (planes started, columns
    /// limited as `planes` say, nothing read yet), the lower part by another
    /// decoder from the file's tail (JPEGRestartTail), each decoding and
    /// resampling its own rows. The cut halves the work, not the rows
    /// (`JPEGRestartTail.balancedStart`). Both decode the Huffman codes with
    /// our own decoder (cjpeg_decoder_decode_restarts): libjpeg-turbo's fast
    /// path is off for any file with restart markers. The planes are bit for bit those
    /// of one decoder. The upper decoder is checked for damage in the rows it
    /// read, the lower one to the end of the file; the upper one's damage is
    /// reported first, where one decoder would have met it.
    static func decodeInStrips(
        _ decompressor: JPEGDecompressor, bytes: [UInt8], plan: CropPlan, plans: [PlaneResizer.Plan],
        planes: [PlaneLayout], maxPixels: Int, acceptsDamage: Bool
    ) throws(ImagingError) -> StripDecode {
        guard let tail = JPEGRestartTail(bytes), let lowerStart = tail.balancedStart(),
              let split = split(atMCURow: lowerStart.row, planes: planes, plans: plans) else { return .notCut }
        let header = decompressor.header
        let upper = plans.indices.map { PlaneResizer(plan: plans[$0], rows: split.upperRows[$0]) }
        let lower = plans.indices.map {
            PlaneResizer(plan: plans[$0], rows: split.lowerRows[$0], firstSourceRow: lowerStart.row * planes[$0].rowsPerRead)
        }
        let lowerStrip = Mutex(LowerStrip.notComing)
        let lowerDone = DispatchGroup()
        let lowerDecode = LowerStripDecode(plan: plan, plans: plans, maxPixels: maxPixels,
                                           damage: acceptsDamage ? .none : .wholeFile(rowOffset: lowerStart.row * header.blockSize.height))
        DispatchQueue.global().async(group: lowerDone) {
            // Cut on this thread: the upper strip need not wait for the copy.
            let outcome = lowerDecode.run(tail.tail(from: lowerStart), into: lower) { decompressor in
                _ = decompressor.decodeRestarts()
                return .taken
            }
            lowerStrip.withLock { $0 = outcome }
        }
        let upperFailure: ImagingError?
        do throws(ImagingError) {
            _ = decompressor.decodeRestarts()
            try pushRows(decompressor, planes: planes, into: upper)
            // Before the lower strip's: damage above it can throw the lower strip's start off too.
            try decompressor.check(acceptsDamage ? .none : .rowsRead(rowOffset: 0))
            upperFailure = nil
        } catch {
            upperFailure = error
        }
        lowerDone.wait()
        let outcome = lowerStrip.withLock { $0 }
        // Either decoder giving up leaves the whole file to libjpeg, which
        // then says in its own words what is wrong and where.
        if decompressor.gaveUpSharing { return .ourDecodingGaveUp }
        if case .gaveUp = outcome { return .ourDecodingGaveUp }
        if let failure = upperFailure { throw failure }
        if case .failed(let failure) = outcome { throw failure }
        return .decoded(upper.indices.map { upper[$0].result(with: [lower[$0]]) })
    }

    /// The output rows of each plane the strips make when the lower one
    /// starts at MCU row `mcuRow`: the lower strip those whose source rows
    /// all lie below it, the upper strip the rest. Nil when a strip would
    /// make none.
    static func split(
        atMCURow mcuRow: Int, planes: [PlaneLayout], plans: [PlaneResizer.Plan]
    ) -> (upperRows: [Range<Int>], lowerRows: [Range<Int>])? {
        let lowerStarts = plans.indices.map { index in
            let plan = plans[index], firstRow = mcuRow * planes[index].rowsPerRead
            return (0..<plan.output.height).first { plan.firstSourceRow(of: $0) >= firstRow } ?? plan.output.height
        }
        guard plans.indices.allSatisfy({ lowerStarts[$0] > 0 && lowerStarts[$0] < plans[$0].output.height }) else { return nil }
        return (lowerStarts.map { 0..<$0 }, plans.indices.map { lowerStarts[$0]..<plans[$0].output.height })
    }

    /// What the lower strip's decoder did.
    enum LowerStrip: Sendable {
        /// Decoded it into its resizers.
        case decoded
        /// No handover came: the first decoder read the lower strip.
        case notComing
        /// Our entropy decoding gave up, or a handover came and could not be
        /// taken: decode the file again with libjpeg alone.
        case gaveUp
        case failed(ImagingError)
    }

    /// The second decoder of two strips (restart strips, or a handover): it
    /// decodes a file made of the headers with the lower rows' height (and a
    /// JPEGRestartTail's data, or none) and pushes its rows into the lower
    /// strip's resizers, checked for damage as `damage` says.
    struct LowerStripDecode: Sendable {
        let scaleEighths: Int
        let flatBlocks: Bool
        let limitsColumns: Bool
        let plans: [PlaneResizer.Plan]
        let maxPixels: Int
        let damage: DamageCheck

        init(plan: CropPlan, plans: [PlaneResizer.Plan], maxPixels: Int, damage: DamageCheck) {
            (scaleEighths, flatBlocks, limitsColumns) = (plan.scaleEighths, plan.writesFlatBlocks, plan.limitsColumns)
            (self.plans, self.maxPixels, self.damage) = (plans, maxPixels, damage)
        }

        /// `enter` gives the decoder its entropy decoding (after startPlanes, before the first read).
        func run(_ file: [UInt8], into resizers: [PlaneResizer],
                 enter: (JPEGDecompressor) -> JPEGDecompressor.Handover) -> LowerStrip {
            do {
                return try JPEGDecompressor.with(file, maxPixels: maxPixels) { (decompressor) throws(ImagingError) -> LowerStrip in
                    do throws(ImagingError) {
                        let layout = try decompressor.startPlanes(scaleEighths: scaleEighths, flatBlocks: flatBlocks)
                        let planes = try decodeOnlyNeededColumns(decompressor, layout: layout, plans: plans,
                                                                 limitsColumns: limitsColumns).planes
                        switch enter(decompressor) {
                        case .notComing: return .notComing
                        case .cannotTake: return .gaveUp
                        case .taken: break
                        }
                        try pushRows(decompressor, planes: planes, into: resizers)
                        try decompressor.check(damage)
                        return .decoded
                    } catch {
                        return decompressor.gaveUpSharing ? .gaveUp : .failed(error)
                    }
                }
            } catch {
                return .failed(error)
            }
        }
    }
}
