import SquareCamCore

/// Picks the most interesting square of an image, deterministically.
///
/// On a small upright preview (about 1/8 of full size) every pixel gets
///   score = 2 × edge + saturation / 2 + (skin tone ? 64 : 0)
/// where edge is |∂L/∂x| + |∂L/∂y| of the luma L (central differences),
/// saturation is max(R,G,B) − min(R,G,B), and a skin tone is a pixel with
/// luma > 60, 85 ≤ Cb ≤ 135 and 135 ≤ Cr ≤ 180 (BT.601). The square spans the
/// short side and slides along the long one; each position's total score is
/// weighted by 1 − 0.1 × (distance from the centre / largest distance), so
/// that on a featureless picture it stays centred, and the best one wins
/// (on a tie, the one nearer the centre). Same image, same square.
public enum SmartCropScorer {
    /// The best square of an image of `fullSize`, judged on `preview` (the same
    /// picture, upright, any smaller size).
    public static func bestSquare(preview: Frame, fullSize: PixelSize) -> PixelRect {
        let centred = fullSize.centeredSquare
        guard fullSize.width != fullSize.height, preview.size.width > 2, preview.size.height > 2 else { return centred }
        let scores = scoreMap(preview)
        let (width, height) = (preview.size.width, preview.size.height)
        let landscape = fullSize.width > fullSize.height
        // Sum of scores per column (landscape) or per row (portrait).
        let lineCount = landscape ? width : height
        var lines = [Int](repeating: 0, count: lineCount)
        for y in 0..<height {
            for x in 0..<width {
                lines[landscape ? x : y] += scores[y * width + x]
            }
        }
        let window = landscape ? height : width
        let positions = lineCount - window + 1
        guard positions > 1 else { return centred }
        var running = lines[0..<window].reduce(0, +)
        var best = (position: 0, value: -1.0, distance: Double.infinity)
        let middle = Double(positions - 1) / 2
        for position in 0..<positions {
            if position > 0 { running += lines[position + window - 1] - lines[position - 1] }
            let distance = abs(Double(position) - middle)
            let value = Double(running) * (1 - 0.1 * distance / max(middle, 1))
            if value > best.value || (value == best.value && distance < best.distance) {
                best = (position, value, distance)
            }
        }
        // From preview lines to full-size pixels along the long side.
        let side = fullSize.shortSide
        let longSide = landscape ? fullSize.width : fullSize.height
        let travel = longSide - side
        let offset = min(travel, max(0, Int((Double(best.position) / Double(positions - 1) * Double(travel)).rounded())))
        return landscape
            ? PixelRect(x: offset, y: 0, width: side, height: side)
            : PixelRect(x: 0, y: offset, width: side, height: side)
    }

    /// The per-pixel score described above (gray pictures: edges only).
    static func scoreMap(_ frame: Frame) -> [Int] {
        let (width, height) = (frame.size.width, frame.size.height)
        let plane = frame.planes[0]
        let channels = frame.layout == .rgb ? 3 : frame.layout == .rgba ? 4 : 1
        var luma = [Int](repeating: 0, count: width * height)
        var scores = [Int](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * plane.stride + x * channels
                if channels == 1 {
                    luma[y * width + x] = Int(plane.bytes[offset])
                    continue
                }
                let r = Int(plane.bytes[offset]), g = Int(plane.bytes[offset + 1]), b = Int(plane.bytes[offset + 2])
                let l = (77 * r + 150 * g + 29 * b) >> 8
                luma[y * width + x] = l
                let cb = 128 + ((-43 * r - 85 * g + 128 * b) >> 8)
                let cr = 128 + ((128 * r - 107 * g - 21 * b) >> 8)
                let skin = l > 60 && (85...135).contains(cb) && (135...180).contains(cr)
                scores[y * width + x] = (max(r, g, b) - min(r, g, b)) / 2 + (skin ? 64 : 0)
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let left = luma[y * width + max(x - 1, 0)], right = luma[y * width + min(x + 1, width - 1)]
                let up = luma[max(y - 1, 0) * width + x], down = luma[min(y + 1, height - 1) * width + x]
                scores[y * width + x] += 2 * (abs(right - left) + abs(down - up))
            }
        }
        return scores
    }
}
