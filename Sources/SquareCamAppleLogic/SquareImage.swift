import SquareCamCore

/// The square a photo keeps, as RGBA pixels ready for the platform's
/// encoder: cropped, scaled down by averaging (never up), mirrored if asked.
public struct SquareImage: Hashable, Sendable {
    /// Side in pixels; the bytes are `side`×`side`×4, rows packed.
    public var side: Int
    public var rgba: [UInt8]

    public init(side: Int, rgba: [UInt8]) {
        self.side = side
        self.rgba = rgba
    }

    /// Why a frame cannot become a square image.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case unsupportedLayout(Frame.Layout)
        case squareOutsideFrame(PixelRect, PixelSize)

        public var description: String {
            switch self {
            case .unsupportedLayout(let layout): "The camera delivered \(layout) pixels, which SquareCam cannot save on this device."
            case .squareOutsideFrame(let rect, let size): "The square \(rect) is not inside the \(size) photo."
            }
        }
    }

    /// `options`' square of an RGBA or RGB `frame` (the centred one when it
    /// names none), at `options.side` when that is smaller, mirrored when asked.
    public init(frame: Frame, options: SquarePhotoOptions) throws(Problem) {
        guard frame.layout == .rgba || frame.layout == .rgb else { throw .unsupportedLayout(frame.layout) }
        let region = options.region ?? frame.size.centeredSquare
        guard !region.isEmpty, region.isSquare, frame.size.contains(region) else { throw .squareOutsideFrame(region, frame.size) }
        let side = min(options.side ?? region.width, region.width)
        self.init(side: max(side, 1), rgba: Self.averaged(frame, region: region, side: max(side, 1), mirrored: options.mirrored))
    }

    /// Each output pixel is the mean of the source pixels whose centres fall
    /// in its share of the square (a box filter): no aliasing when scaling down.
    private static func averaged(_ frame: Frame, region: PixelRect, side: Int, mirrored: Bool) -> [UInt8] {
        let plane = frame.planes[0]
        let bytesPerPixel = frame.layout.bytesPerPixel
        var output = [UInt8](repeating: 255, count: side * side * 4)
        // Source bounds of output cell i: [i*n/side, (i+1)*n/side), never empty as side ≤ n.
        let bounds = (0...side).map { $0 * region.width / side }
        for outY in 0..<side {
            for outX in 0..<side {
                let cellX = mirrored ? side - 1 - outX : outX
                var sums = (0, 0, 0, 0), count = 0
                for y in bounds[outY]..<bounds[outY + 1] {
                    var at = (region.y + y) * plane.stride + (region.x + bounds[cellX]) * bytesPerPixel
                    for _ in bounds[cellX]..<bounds[cellX + 1] {
                        sums.0 += Int(plane.bytes[at])
                        sums.1 += Int(plane.bytes[at + 1])
                        sums.2 += Int(plane.bytes[at + 2])
                        sums.3 += bytesPerPixel == 4 ? Int(plane.bytes[at + 3]) : 255
                        count += 1
                        at += bytesPerPixel
                    }
                }
                let out = (outY * side + outX) * 4
                output[out] = UInt8((sums.0 + count / 2) / count)
                output[out + 1] = UInt8((sums.1 + count / 2) / count)
                output[out + 2] = UInt8((sums.2 + count / 2) / count)
                output[out + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        return output
    }

    /// The round avatar's pixels: transparent (and black, as premultiplied
    /// alpha wants) outside the circle the square holds; a pixel is inside
    /// when its centre is.
    public func roundAvatar() -> SquareImage {
        var masked = rgba
        let radius = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - radius, dy = Double(y) + 0.5 - radius
                guard dx * dx + dy * dy > radius * radius else { continue }
                let at = (y * side + x) * 4
                masked[at] = 0
                masked[at + 1] = 0
                masked[at + 2] = 0
                masked[at + 3] = 0
            }
        }
        return SquareImage(side: side, rgba: masked)
    }
}
