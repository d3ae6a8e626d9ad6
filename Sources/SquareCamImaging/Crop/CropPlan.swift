import SquareCamCore

/// How one JPEG is cropped, decided once from its header and the options
/// (CropPlanner) before any pixel is decoded, then carried out as it says
/// (CropPlanExecutor). `squarecam crop --verbose` prints it.
public struct CropPlan: Sendable, Hashable, CustomStringConvertible {
    /// What is made of the pixels.
    public enum Strategy: String, Sendable, Hashable {
        /// Cut in the DCT domain, no decode, no re-encode.
        case lossless
        /// The full-resolution square of an upright photo: its stored planes
        /// straight into the new file, a band at a time.
        case planesToJPEG = "planes→JPEG"
        /// Each stored plane resampled (Lanczos-3) to the output's while it is decoded.
        case resampledPlanes = "resampled planes"
        /// Decoded to RGB, resampled, turned upright, encoded: everything else.
        case rgb = "RGB"
    }

    /// Who decodes the coded data.
    public enum Decode: String, Sendable, Hashable {
        /// Two decoders, the lower half from a JPEG cut at a restart marker (JPEGRestartTail).
        case restartStrips = "restart strips"
        /// A helper thread decodes the later part of the coded data (cjpeg_entropy_share.c).
        case sharedEntropyDecoding = "shared entropy decoding"
        case libjpegAlone = "libjpeg alone"
        /// Lossless: our DCT-domain transcoder (cjpeg_transcode.c).
        case transcoder = "our transcoder"
        /// Lossless: TurboJPEG's tjTransform.
        case turboJPEG = "TurboJPEG transform"
    }

    public var strategy: Strategy
    public var decode: Decode
    /// What decodes instead when `decode` gives up at run time (the shared
    /// decoding meets data it leaves to libjpeg, no restart marker where the
    /// lower strip would start); nil when nothing can give up.
    public var fallback: Decode?
    /// The part of the stored picture decoded (for lossless: the upright square).
    public var region: PixelRect
    /// The DCT scale, in eighths (8: full size).
    public var scaleEighths: Int
    /// The output's side in pixels.
    public var outputSide: Int
    /// Only the region's iMCU columns are inverse-transformed (our column
    /// limiting for planes, libjpeg's own jpeg_crop_scanline for RGB).
    public var limitsColumns: Bool
    /// The resampling (or encoding) runs on a second thread while this one decodes.
    public var usesSecondThread: Bool
    /// The resampled square's upper and lower halves are encoded at once, on
    /// two threads (see PlanarPicture).
    public var encodesOnTwoThreads = false
    /// At the 4/8 scale, blocks with a DC only are written as their equal
    /// samples, not inverse-transformed (cjpeg_flat_blocks.c: our own C).
    public var writesFlatBlocks = false

    /// Threads busy with this one photo.
    public var threads: Int {
        switch decode {
        case .restartStrips: 2
        case .sharedEntropyDecoding: usesSecondThread ? 3 : 2
        case .transcoder: usesSecondThread ? 2 : 1
        case .libjpegAlone, .turboJPEG: usesSecondThread ? 2 : 1
        }
    }

    /// One line: "planes→JPEG, decode restart strips, columns 1024–3071, 2 threads, fallback libjpeg alone".
    public var description: String {
        var parts = [strategy.rawValue + (scaleEighths == 8 ? "" : " at \(scaleEighths)/8"),
                     "decode \(decode.rawValue)"]
        if strategy != .lossless {
            parts.append(limitsColumns ? "columns \(region.x)–\(region.maxX - 1)" : "every column")
        }
        parts.append(threads == 1 ? "1 thread" : "\(threads) threads")
        parts.append("fallback " + (fallback?.rawValue ?? "none"))
        if encodesOnTwoThreads { parts.append("encoding on two threads") }
        if writesFlatBlocks { parts.append("flat blocks written directly") }
        return parts.joined(separator: ", ")
    }
}

/// What ran: the plan, and where run time made it leave the plan.
public struct CropPath: Sendable, Hashable, CustomStringConvertible {
    public var plan: CropPlan
    /// The decode that made the pixels: the plan's, or its fallback.
    public var decode: CropPlan.Decode
    /// Why the plan's decode was left, when it was.
    public var fellBack: String?
    /// Whether only the region's columns were decoded (libjpeg declines to
    /// limit them in a progressive file it block-smooths).
    public var limitedColumns: Bool
    /// Whether the shared decoding's helper handed the lower rows over to a
    /// second decoder (JPEGDecoder+Handover.swift).
    public var handedOver = false

    init(plan: CropPlan) {
        self.plan = plan
        decode = plan.decode
        limitedColumns = plan.limitsColumns
    }

    public var description: String {
        var line = "plan: \(plan)"
        if let fellBack { line += "; took \(decode.rawValue): \(fellBack)" }
        if plan.limitsColumns && !limitedColumns { line += "; every column decoded: libjpeg smooths this file's blocks" }
        if handedOver { line += "; lower rows handed over to a second decoder" }
        return line
    }
}
