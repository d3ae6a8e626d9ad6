import CJPEG
import Dispatch
import SquareCamCore
import Synchronization

extension JPEGDecoder {
    /// decodePlanes on two cores for a file with restart markers: the upper
    /// half of the output is made from the file by this thread, the lower
    /// half by another from the file's tail (JPEGRestartTail), each decoding
    /// and resampling its own rows. The planes are bit for bit those of one
    /// decoder. Nil when the file cannot be split this way. `columnLimit`:
    /// as in decodeOnlyNeededColumns. The upper decoder is checked for damage
    /// in the rows it read, the lower one to the end of the file; the upper
    /// one's damage is reported first, where one decoder would have met it.
    static func decodePlanesInStrips(
        _ bytes: [UInt8], tail: JPEGRestartTail, region: PixelRect, scaleEighths: Int, planeSizes: [PixelSize],
        maxPixels: Int, columnLimit: Bool, acceptsDamage: Bool
    ) throws(ImagingError) -> [Frame]? {
        try withDecoder(bytes, maxPixels: maxPixels, damage: .none) {
            (decoder, header) throws(ImagingError) -> [Frame]? in
            guard PixelRect(x: 0, y: 0, width: header.size.width, height: header.size.height).contains(region),
                  !region.isEmpty else { return nil }
            var layout = cjpeg_planes()
            guard cjpeg_decoder_start_planes(decoder, Int32(scaleEighths), &layout) == 0,
                  Int(layout.count) == planeSizes.count || planeSizes.count == 1 else { return nil }
            let plans = makePlans(planes: (0..<Int(layout.count)).map { PlaneLayout(layout, $0) }, region: region,
                                  scaleEighths: scaleEighths, planeSizes: planeSizes)
            let planes = try decodeOnlyNeededColumns(decoder, layout: layout, plans: plans, columnLimit: columnLimit)
            // A file cut short before its lower strip starts is decoded by one
            // decoder, which says how much is missing.
            guard let split = split(tail: tail, planes: planes, plans: plans),
                  let lowerFile = tail.tail(fromMCURow: split.mcuRow) else { return nil }
            let upper = plans.indices.map { PlaneResizer(plan: plans[$0], rows: split.upperRows[$0]) }
            let lower = plans.indices.map {
                PlaneResizer(plan: plans[$0], rows: split.lowerRows[$0], firstSourceRow: split.mcuRow * planes[$0].rowsPerRead)
            }
            let lowerFailure = Mutex<ImagingError?>(nil)
            let lowerDone = DispatchGroup()
            DispatchQueue.global().async(group: lowerDone) {
                do throws(ImagingError) {
                    try decodeStrip(lowerFile, scaleEighths: scaleEighths, plans: plans, into: lower, maxPixels: maxPixels,
                                    columnLimit: columnLimit,
                                    damage: acceptsDamage ? .none : .wholeFile(rowOffset: split.mcuRow * header.blockSize.height))
                } catch {
                    lowerFailure.withLock { $0 = error }
                }
            }
            let upperFailure: ImagingError?
            do throws(ImagingError) {
                try pushRows(decoder, planes: planes, into: upper)
                upperFailure = nil
            } catch {
                upperFailure = error
            }
            lowerDone.wait()
            if let failure = upperFailure { throw failure }
            // Before the lower strip's: damage above it can throw the lower strip's start off too.
            try check(decoder, header: header, acceptsDamage ? .none : .rowsRead(rowOffset: 0))
            if let failure = lowerFailure.withLock({ $0 }) { throw failure }
            return upper.indices.map { upper[$0].result(with: [lower[$0]]) }
        }
    }

    /// Where to cut: half the output rows each; the lower strip starts at the
    /// last MCU row a restart marker allows at or above its first source row.
    private static func split(
        tail: JPEGRestartTail, planes: [PlaneLayout], plans: [PlaneResizer.Plan]
    ) -> (mcuRow: Int, upperRows: [Range<Int>], lowerRows: [Range<Int>])? {
        let lumaRows = plans[0].output.height
        let cut = lumaRows / 2
        let lowerRows = plans.map { (cut * $0.output.height / lumaRows)..<$0.output.height }
        guard lowerRows.allSatisfy({ !$0.isEmpty && $0.lowerBound > 0 }) else { return nil }
        let needed = plans.indices.map { plans[$0].firstSourceRow(of: lowerRows[$0].lowerBound) / planes[$0].rowsPerRead }
        let mcuRow = (needed.min() ?? 0) / tail.rowStep * tail.rowStep
        guard mcuRow > 0 else { return nil }
        return (mcuRow, lowerRows.map { 0..<$0.lowerBound }, lowerRows)
    }

    /// Decodes `file` (a JPEGRestartTail) and pushes its rows into `resizers`.
    private static func decodeStrip(
        _ file: [UInt8], scaleEighths: Int, plans: [PlaneResizer.Plan], into resizers: [PlaneResizer], maxPixels: Int,
        columnLimit: Bool, damage: DamageCheck
    ) throws(ImagingError) {
        try withDecoder(file, maxPixels: maxPixels, damage: damage) { (decoder, _) throws(ImagingError) in
            var layout = cjpeg_planes()
            guard cjpeg_decoder_start_planes(decoder, Int32(scaleEighths), &layout) == 0 else {
                throw .corrupt(detail: message(decoder))
            }
            let planes = try decodeOnlyNeededColumns(decoder, layout: layout, plans: plans, columnLimit: columnLimit)
            try pushRows(decoder, planes: planes, into: resizers)
        }
    }
}
