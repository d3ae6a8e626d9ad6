import SquareCamCore

/// Turns caps structures into the concrete modes a person picks from: lists
/// become one mode each, ranges become the common sizes and rates they contain.
///
/// A range is a promise to scale, not a list of modes: PipeWire's videotestsrc
/// node says `width=[ 1, 2147483647 ]`, and taking such a maximum as a mode
/// asks for frames nobody can allocate (the stream never starts).
enum CameraModeExpansion {
    /// No mode is ever wider or taller than this: no camera sensor comes near
    /// it, and a frame that size is already a gigabyte in RGBA.
    static let largestSide = 16384
    /// Sizes offered from a size range when the range contains them: the
    /// common 4:3 and 16:9 camera sizes, smallest first.
    static let commonSizes: [PixelSize] = [
        (640, 480), (1280, 720), (1280, 960), (1600, 1200), (1920, 1080), (2048, 1536),
        (2560, 1440), (2592, 1944), (3264, 2448), (3840, 2160), (4096, 3072),
    ].map { PixelSize(width: $0.0, height: $0.1) }
    /// The largest short side offered from a range with no sensor behind it:
    /// the live goal (short side ≥ 1080 at ≥ 24 fps, see `CameraModeChooser`).
    static let openRangeShortSide = 1080
    /// Rates offered from a rate range, when the camera contains them.
    static let commonRates: [Double] = [15, 24, 25, 30, 60]
    /// The fastest rate offered from a range: beyond it the frames only cost CPU.
    static let fastestRangeRate = 60.0

    /// Every mode the structures offer, largest first, once each. Bayer, H.264
    /// and other types we cannot show are left out.
    static func modes(from structures: [CapsDescription]) -> [CameraMode] {
        var seen = Set<CameraMode>()
        var modes: [CameraMode] = []
        for structure in structures {
            let formats: [String]
            switch structure.mediaType {
            case "image/jpeg": formats = [CameraModeFormat.motionJPEG]
            case "video/x-raw": formats = structure.formats
            default: continue
            }
            for size in sizes(structure.widths, structure.heights) {
                for rate in rates(structure.rates) {
                    for format in formats {
                        let mode = CameraMode(size: size, framesPerSecond: rate, format: format)
                        if seen.insert(mode).inserted { modes.append(mode) }
                    }
                }
            }
        }
        return modes.sorted {
            ($0.size.area, $0.framesPerSecond, $0.format) > ($1.size.area, $1.framesPerSecond, $1.format)
        }
    }

    private static func sizes(_ widths: CapsDescription.Integers, _ heights: CapsDescription.Integers) -> [PixelSize] {
        let sizes: [PixelSize]
        switch (widths, heights) {
        case (.values(let ws), .values(let hs)):
            // Caps normally pair one width with one height; equal lists pair up.
            sizes = ws.count == hs.count
                ? zip(ws, hs).map { PixelSize(width: $0, height: $1) }
                : ws.flatMap { w in hs.map { PixelSize(width: w, height: $0) } }
        case (.range(let wr, let wstep), .range(let hr, let hstep)):
            let inside = commonSizes.filter { holds(wr, wstep, $0.width) && holds(hr, hstep, $0.height) }
            let largest = PixelSize(width: wr.upperBound, height: hr.upperBound)
            if isSensorSize(largest), holds(wr, wstep, largest.width), holds(hr, hstep, largest.height) {
                // A range that ends at a sensor's size (a scaling ISP, libcamera)
                // offers that full size too, as the sensor's own mode would be.
                sizes = inside + [largest]
            } else {
                // No sensor behind the range (a virtual camera, a scaler's limit):
                // larger sizes would be upscaled from nothing, and since the
                // chooser takes the largest mode at video rate, offering them
                // would make every such camera stream 4096x3072 by default. Up to
                // the live goal, then; a range that starts above it offers its
                // smallest common size.
                let modest = inside.filter { $0.shortSide <= openRangeShortSide }
                sizes = modest.isEmpty ? Array(inside.prefix(1)) : modest
            }
        case (.range(let wr, let step), .values(let hs)):
            sizes = hs.flatMap { height in
                partners(of: height, isHeight: true, upTo: wr.upperBound).filter { holds(wr, step, $0) }
                    .map { PixelSize(width: $0, height: height) }
            }
        case (.values(let ws), .range(let hr, let step)):
            sizes = ws.flatMap { width in
                partners(of: width, isHeight: false, upTo: hr.upperBound).filter { holds(hr, step, $0) }
                    .map { PixelSize(width: width, height: $0) }
            }
        }
        return sizes.filter { (1...largestSide).contains($0.width) && (1...largestSide).contains($0.height) }
    }

    /// Lengths for the other side of a fixed width or height: the 4:3 and 16:9
    /// landscape partners, and the range's end when that makes a sensor-like size.
    private static func partners(of fixed: Int, isHeight: Bool, upTo end: Int) -> [Int] {
        var lengths = [(4, 3), (16, 9)].compactMap { long, short -> Int? in
            let (numerator, denominator) = isHeight ? (long, short) : (short, long)
            return fixed * numerator % denominator == 0 ? fixed * numerator / denominator : nil
        }
        let edge = isHeight ? PixelSize(width: end, height: fixed) : PixelSize(width: fixed, height: end)
        if isSensorSize(edge) { lengths.append(end) }
        return lengths
    }

    /// Whether a range's maximum looks like a sensor's full size rather than
    /// a limit: at most `largestSide` per side, and a photo aspect between 6:5
    /// and 2:1. Square maxima (8192x8192, 16384x16384) are what scalers and
    /// virtual devices state as limits; real square sensors are rare enough
    /// that missing one only costs its largest size, never a failed stream.
    private static func isSensorSize(_ size: PixelSize) -> Bool {
        guard size.shortSide > 0, max(size.width, size.height) <= largestSide else { return false }
        let aspect = Double(max(size.width, size.height)) / Double(size.shortSide)
        return (1.2...2.0).contains(aspect)
    }

    private static func holds(_ range: ClosedRange<Int>, _ step: Int, _ value: Int) -> Bool {
        range.contains(value) && (value - range.lowerBound) % step == 0
    }

    private static func rates(_ rates: CapsDescription.Rates) -> [Double] {
        switch rates {
        case .values(let values):
            // 0/1 means "variable rate" in caps: not a mode anyone can pick.
            let usable = values.map(\.framesPerSecond).filter { $0 > 0 }
            return usable.isEmpty ? [0] : usable
        case .range(let low, let high):
            // Only a variable rate ([ 0/1, 0/1 ]): the rate is not ours to pick.
            guard high.framesPerSecond > 0, low.framesPerSecond <= high.framesPerSecond else { return [0] }
            let range = low.framesPerSecond...high.framesPerSecond
            let common = commonRates.filter { range.contains($0) }
            // The range's own top rate, capped (PipeWire states 2147483647/1),
            // but never below the range: a 90–120 fps camera still gets 90.
            let top = min(high.framesPerSecond, max(low.framesPerSecond, fastestRangeRate))
            return common.contains(top) ? common : common + [top]
        }
    }
}
