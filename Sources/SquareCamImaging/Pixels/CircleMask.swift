import SquareCamCore

/// A round avatar's shape: how much of each pixel of a square lies inside
/// the circle that touches its four edges. `crop --circle` and the editor's
/// "Save as round avatar" cut squares with it.
struct CircleMask {
    let side: Int
    private let radius: Double
    /// Pixels whose centre is nearer the circle's centre than this lie wholly
    /// inside (a pixel reaches at most √½ from its centre); farther than
    /// `outerSquared`, wholly outside. Only the ring between is sampled.
    private let innerSquared: Double
    private let outerSquared: Double
    /// Samples per pixel side in the edge ring: 8 × 8 gives 65 levels of
    /// coverage, a smooth edge at 8 bits.
    private static let samplesPerSide = 8

    init(side: Int) {
        self.side = side
        radius = Double(side) / 2
        let reach = 0.5.squareRoot()
        innerSquared = max(0, radius - reach) * max(0, radius - reach)
        outerSquared = (radius + reach) * (radius + reach)
    }

    /// The share, 0...1, of pixel (x, y) inside the circle.
    func coverage(x: Int, y: Int) -> Double {
        let dx = Double(x) + 0.5 - radius, dy = Double(y) + 0.5 - radius
        let squared = dx * dx + dy * dy
        if squared <= innerSquared { return 1 }
        if squared >= outerSquared { return 0 }
        let n = Self.samplesPerSide
        var inside = 0
        for row in 0..<n {
            let sy = Double(y) + (Double(row) + 0.5) / Double(n) - radius
            for column in 0..<n {
                let sx = Double(x) + (Double(column) + 0.5) / Double(n) - radius
                if sx * sx + sy * sy <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }
}

extension Frame {
    /// This square as RGBA with what lies outside its inscribed circle made
    /// transparent, the edge antialiased, and an alpha it already had kept
    /// inside. Wholly transparent pixels are made black: a round avatar must
    /// not carry the cut-away corners of the photo, hidden but recoverable.
    public func cutToCircle() -> Frame {
        precondition(size.width == size.height, "only a square has an inscribed circle, not \(size)")
        precondition(layout != .i420, "a round avatar is cut from RGB, RGBA or gray pixels")
        let mask = CircleMask(side: size.width)
        let source = planes[0], channels = layout.bytesPerPixel
        var output = [UInt8](repeating: 0, count: size.area * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let coverage = mask.coverage(x: x, y: y)
                guard coverage > 0 else { continue }
                let from = y * source.stride + x * channels, to = (y * size.width + x) * 4
                let opacity = layout == .rgba ? Double(source.bytes[from + 3]) : 255
                let alpha = UInt8((opacity * coverage).rounded())
                guard alpha > 0 else { continue }
                for channel in 0..<3 {
                    output[to + channel] = source.bytes[from + (layout == .gray ? 0 : channel)]
                }
                output[to + 3] = alpha
            }
        }
        return Frame(size: size, layout: .rgba, planes: [Plane(bytes: output, stride: size.width * 4)])
    }
}

extension Frame16 {
    /// As `Frame.cutToCircle`, at 16 bits: gray becomes gray+alpha, RGB RGBA.
    public func cutToCircle() -> Frame16 {
        precondition(size.width == size.height, "only a square has an inscribed circle, not \(size)")
        let mask = CircleMask(side: size.width)
        let colours = hasAlpha ? channels - 1 : channels
        let outputChannels = colours + 1
        var output = [UInt16](repeating: 0, count: size.area * outputChannels)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let coverage = mask.coverage(x: x, y: y)
                guard coverage > 0 else { continue }
                let pixel = y * size.width + x
                let from = pixel * channels, to = pixel * outputChannels
                let opacity = hasAlpha ? Double(samples[from + colours]) : Double(UInt16.max)
                let alpha = UInt16((opacity * coverage).rounded())
                guard alpha > 0 else { continue }
                for channel in 0..<colours { output[to + channel] = samples[from + channel] }
                output[to + colours] = alpha
            }
        }
        return Frame16(size: size, channels: outputChannels, samples: output)
    }
}
