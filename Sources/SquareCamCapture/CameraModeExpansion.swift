import SquareCamCore

/// Turns caps structures into the concrete modes a person picks from: lists
/// become one mode each, ranges become the common sizes and rates they contain.
enum CameraModeExpansion {
    /// Sizes offered from a size range, when the camera contains them.
    static let commonSizes: [PixelSize] = [
        (640, 480), (1280, 720), (1280, 960), (1920, 1080), (2560, 1440), (3840, 2160),
    ].map { PixelSize(width: $0.0, height: $0.1) }
    /// Rates offered from a rate range, when the camera contains them.
    static let commonRates: [Double] = [15, 24, 25, 30, 60]

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
        switch (widths, heights) {
        case (.values(let ws), .values(let hs)):
            // Caps normally pair one width with one height; equal lists pair up.
            if ws.count == hs.count { return zip(ws, hs).map { PixelSize(width: $0, height: $1) } }
            return ws.flatMap { w in hs.map { PixelSize(width: w, height: $0) } }
        case (.range(let wr), .range(let hr)):
            let largest = PixelSize(width: wr.upperBound, height: hr.upperBound)
            return commonSizes.filter { wr.contains($0.width) && hr.contains($0.height) } + [largest]
        case (.range(let wr), .values(let hs)):
            return hs.map { PixelSize(width: wr.upperBound, height: $0) }
        case (.values(let ws), .range(let hr)):
            return ws.map { PixelSize(width: $0, height: hr.upperBound) }
        }
    }

    private static func rates(_ rates: CapsDescription.Rates) -> [Double] {
        switch rates {
        case .values(let values):
            // 0/1 means "variable rate" in caps: not a mode anyone can pick.
            let usable = values.map(\.framesPerSecond).filter { $0 > 0 }
            return usable.isEmpty ? [0] : usable
        case .range(let low, let high):
            let range = low.framesPerSecond...high.framesPerSecond
            let common = commonRates.filter { range.contains($0) }
            let top = min(high.framesPerSecond, 60)
            return common.contains(top) || top <= 0 ? common : common + [top]
        }
    }
}
