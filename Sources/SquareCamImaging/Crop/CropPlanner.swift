import SquareCamCore

/// Decides a JPEG's CropPlan from its header and the options: a pure
/// function of them (and of whether our own JPEG code may run here), so every
/// condition that picks a path is one row of a table its tests go through.
package struct CropPlanner: Sendable {
    /// Below this many bytes of coded data, a helper thread decoding half of
    /// it costs more than it saves.
    package static let productSharedDecodingMinimumBytes = 512 * 1024

    /// With a second thread, a one-scan baseline file with at least this many
    /// bytes after its header has its coded data decoded by two threads.
    /// Tests and fuzzing lower it to reach that path with small files.
    package var sharedDecodingMinimumBytes = CropPlanner.productSharedDecodingMinimumBytes
    /// Whether our C that touches libjpeg's private state may run (JPEGDecompressor.ownPathsUsable).
    package var ownPathsUsable = JPEGDecompressor.ownPathsUsable

    package init(sharedDecodingMinimumBytes: Int = CropPlanner.productSharedDecodingMinimumBytes,
                 ownPathsUsable: Bool = JPEGDecompressor.ownPathsUsable) {
        self.sharedDecodingMinimumBytes = sharedDecodingMinimumBytes
        self.ownPathsUsable = ownPathsUsable
    }

    /// The plan for the upright `square` of a JPEG with `header`, stored in
    /// `orientation`. Throws when the square is not inside the picture, or the
    /// options ask lossless mode for what it cannot do.
    func plan(header: JPEGHeader, orientation: Orientation, square: PixelRect, options: CropOptions) throws(ImagingError) -> CropPlan {
        let ownPaths = ownPathsUsable && !options.libjpegOnly
        if options.mode == .lossless {
            try checkLossless(options, uprightShortSide: orientation.displayedSize(forStored: header.size).shortSide)
            // A plain crop of a one-scan file streams: decoded on a second thread while encoded.
            return CropPlan(
                strategy: .lossless, decode: ownPaths ? .transcoder : .turboJPEG, fallback: nil, region: square,
                scaleEighths: 8, outputSide: square.width, limitsColumns: false,
                usesSecondThread: ownPaths && orientation == .up && header.isSingleScan)
        }
        let stored = orientation.storedRect(forDisplayed: square, storedSize: header.size)
        try header.checkInside(stored)
        let side = min(options.size ?? square.width, square.width)
        let strategy = strategy(header: header, orientation: orientation, stored: stored, side: side, options: options)
        var plan = CropPlan(
            strategy: strategy, decode: .libjpegAlone, fallback: nil, region: stored,
            scaleEighths: strategy == .planesToJPEG ? 8 : SquareCropper.decodeScale(squareSide: square.width, outputSide: side),
            outputSide: side, limitsColumns: strategy == .rgb || ownPaths,
            usesSecondThread: strategy != .rgb && options.usesSecondThread)
        plan.encodesOnTwoThreads = strategy == .resampledPlanes && options.usesSecondThread
        plan.writesFlatBlocks = ownPaths && strategy == .resampledPlanes && plan.scaleEighths == 4
        guard strategy != .rgb, options.usesSecondThread, !options.libjpegOnly else { return plan }
        let sequential = !header.isProgressive && !header.isArithmetic && header.isSingleScan
        if strategy == .resampledPlanes, sequential, header.restartInterval > 0 {
            // Two decoders, one from a restart marker halfway down: Swift and
            // libjpeg's public API only, so no fence.
            plan.decode = .restartStrips
            plan.usesSecondThread = false
        } else if ownPaths, strategy == .resampledPlanes, sequential, header.restartInterval == 0,
                  header.bytesAfterHeader >= sharedDecodingMinimumBytes {
            // Not for planes→JPEG: its second thread is the encoder's, and a
            // helper made three on two cores (48 MP: 225.8 ms shared, 186.0
            // not; 12 MP 65.2 and 59.6).
            plan.decode = .sharedEntropyDecoding
        } else {
            return plan
        }
        plan.fallback = .libjpegAlone
        return plan
    }

    /// Which strategy: the first whose conditions the file and options meet.
    private func strategy(
        header: JPEGHeader, orientation: Orientation, stored: PixelRect, side: Int, options: CropOptions
    ) -> CropPlan.Strategy {
        let isCMYK = header.colorModel == .cmyk || header.colorModel == .ycck
        guard options.format != .png, !isCMYK, header.hasPlainPlanes else { return .rgb }
        let subsampling = options.subsampling ?? header.subsampling ?? .yuv420
        if side == stored.width, orientation == .up, subsampling == header.subsampling, startsOnChromaGrid(stored, header) {
            return .planesToJPEG
        }
        if side < stored.width,
           SquareCropper.storedPlaneSizes(side: side, subsampling: subsampling, orientation: orientation,
                                          inputIsGray: header.subsampling == .gray) != nil {
            return .resampledPlanes
        }
        return .rgb
    }

    /// The encoder takes planes at 1 or 2 luma samples per chroma sample,
    /// from a chroma sample on: a square between two goes the RGB way.
    private func startsOnChromaGrid(_ region: PixelRect, _ header: JPEGHeader) -> Bool {
        let (across, down) = (header.samplingFactors.width, header.samplingFactors.height)
        return across <= 2 && down <= 2 && region.x % across == 0 && region.y % down == 0
    }

    private func checkLossless(_ options: CropOptions, uprightShortSide: Int) throws(ImagingError) {
        guard options.format != .png else {
            throw .invalidRequest(detail: "--mode lossless writes JPEG; drop --format png")
        }
        if let size = options.size, size < uprightShortSide {
            throw .invalidRequest(detail: "--mode lossless cannot resize; drop --size or use --mode center")
        }
    }
}
