import SquareCamCore

extension Frame {
    /// The frame as a viewer shows it for `orientation`: turned and mirrored
    /// so it is upright. RGB, RGBA and gray frames.
    public func applying(_ orientation: Orientation) -> Frame {
        guard orientation != .up else { return self }
        precondition(layout != .i420, "orient RGB, RGBA or gray frames")
        let channels = layout == .rgb ? 3 : layout == .rgba ? 4 : 1
        let shown = orientation.displayedSize(forStored: size)
        // Displayed → stored is affine: find where the origin and one step
        // along each displayed axis land, then walk with those increments.
        let origin = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: 0), storedSize: size)
        let stepX = orientation.storedPoint(forDisplayed: PixelPoint(x: min(1, shown.width - 1), y: 0), storedSize: size)
        let stepY = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: min(1, shown.height - 1)), storedSize: size)
        let stride = planes[0].stride
        let walk = OrientationWalk(
            start: origin.y * stride + origin.x * channels,
            alongX: shown.width > 1 ? (stepX.y - origin.y) * stride + (stepX.x - origin.x) * channels : 0,
            alongY: shown.height > 1 ? (stepY.y - origin.y) * stride + (stepY.x - origin.x) * channels : 0,
            size: shown)
        let outStride = shown.width * channels
        let result = [UInt8](unsafeUninitializedCapacity: outStride * shown.height) { output, count in
            planes[0].bytes.withUnsafeBufferPointer { input in
                // Literal channel counts, so that each copy loop is compiled for its own.
                switch channels {
                case 1 where walk.isQuarterTurn: walk.copyGrayQuarterTurn(input.baseAddress!, to: output.baseAddress!)
                case 1: walk.copy(input.baseAddress!, to: output.baseAddress!, channels: 1)
                case 3: walk.copy(input.baseAddress!, to: output.baseAddress!, channels: 3)
                default: walk.copy(input.baseAddress!, to: output.baseAddress!, channels: 4)
                }
            }
            count = outStride * shown.height
        }
        return Frame(size: shown, layout: layout, planes: [Frame.Plane(bytes: result, stride: outStride)])
    }
}

/// Where each displayed pixel comes from in the stored bytes: `start`, plus
/// `alongX` per displayed column and `alongY` per displayed row.
private struct OrientationWalk {
    let start: Int
    let alongX: Int
    let alongY: Int
    let size: PixelSize

    /// Displayed pixels are copied a square tile at a time: a quarter turn
    /// reads a stored column for each displayed row, and row by row over the
    /// whole width every read was a cache miss (a 1080² crop's three planes
    /// took 9 ms; in tiles whose stored rows stay cached, about 1).
    private static let tile = 64

    @inline(__always)
    func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, channels: Int) {
        copy(source, to: target, channels: channels, rows: 0..<size.height, columns: 0..<size.width)
    }

    @inline(__always)
    private func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, channels: Int,
                      rows: Range<Int>, columns: Range<Int>) {
        let outStride = size.width * channels
        for top in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: Self.tile) {
            for left in Swift.stride(from: columns.lowerBound, to: columns.upperBound, by: Self.tile) {
                let right = min(left + Self.tile, columns.upperBound)
                for row in top..<min(top + Self.tile, rows.upperBound) {
                    var from = start + row * alongY + left * alongX
                    var to = target + row * outStride + left * channels
                    for _ in left..<right {
                        for channel in 0..<channels { to[channel] = source[from + channel] }
                        from += alongX
                        to += channels
                    }
                }
            }
        }
    }

    /// A quarter turn (with or without a mirror) of one byte per pixel: a
    /// displayed row runs along a stored column, and a displayed column
    /// along a stored row.
    var isQuarterTurn: Bool { abs(alongY) == 1 && abs(alongX) > 1 }

    /// `copy` for a quarter turn of gray pixels, eight by eight: each of a
    /// block's eight displayed columns is eight neighbouring stored bytes
    /// (one load), and the eight words are transposed as an 8×8 byte matrix
    /// into the block's eight displayed rows (one store each). The rows and
    /// columns left over at the edges go the pixel way.
    func copyGrayQuarterTurn(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        let outStride = size.width
        let fullRows = size.height / 8 * 8, fullColumns = size.width / 8 * 8
        let raw = UnsafeRawPointer(source)
        for top in Swift.stride(from: 0, to: fullRows, by: Self.tile) {
            for left in Swift.stride(from: 0, to: fullColumns, by: Self.tile) {
                for row in Swift.stride(from: top, to: min(top + Self.tile, fullRows), by: 8) {
                    for column in Swift.stride(from: left, to: min(left + Self.tile, fullColumns), by: 8) {
                        // Displayed rows row…row+7 of column+j, the first in the low byte.
                        func load(_ j: Int) -> UInt64 {
                            let first = start + row * alongY + (column + j) * alongX
                            return alongY == 1 ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: first, as: UInt64.self))
                                : UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: first - 7, as: UInt64.self))
                        }
                        var w0 = load(0), w1 = load(1), w2 = load(2), w3 = load(3)
                        var w4 = load(4), w5 = load(5), w6 = load(6), w7 = load(7)
                        // Word j, byte i → word i, byte j: 4×4 blocks swapped, then 2×2 blocks within them, then bytes.
                        let blocks: UInt64 = 0x0000_0000_FFFF_FFFF, pairs: UInt64 = 0x0000_FFFF_0000_FFFF, bytes: UInt64 = 0x00FF_00FF_00FF_00FF
                        Self.swap(&w0, &w4, 32, blocks); Self.swap(&w1, &w5, 32, blocks)
                        Self.swap(&w2, &w6, 32, blocks); Self.swap(&w3, &w7, 32, blocks)
                        Self.swap(&w0, &w2, 16, pairs); Self.swap(&w1, &w3, 16, pairs)
                        Self.swap(&w4, &w6, 16, pairs); Self.swap(&w5, &w7, 16, pairs)
                        Self.swap(&w0, &w1, 8, bytes); Self.swap(&w2, &w3, 8, bytes)
                        Self.swap(&w4, &w5, 8, bytes); Self.swap(&w6, &w7, 8, bytes)
                        let out = UnsafeMutableRawPointer(target + row * outStride + column)
                        func store(_ i: Int, _ word: UInt64) { out.storeBytes(of: word.littleEndian, toByteOffset: i * outStride, as: UInt64.self) }
                        store(0, w0); store(1, w1); store(2, w2); store(3, w3)
                        store(4, w4); store(5, w5); store(6, w6); store(7, w7)
                    }
                }
            }
        }
        copy(source, to: target, channels: 1, rows: 0..<size.height, columns: fullColumns..<size.width)
        copy(source, to: target, channels: 1, rows: fullRows..<size.height, columns: 0..<fullColumns)
    }

    /// Swaps the high `shift` bits of each `mask` field of `a` with the low ones of `b`'s.
    @inline(__always)
    private static func swap(_ a: inout UInt64, _ b: inout UInt64, _ shift: UInt64, _ mask: UInt64) {
        let swapped = ((a >> shift) ^ b) & mask
        a ^= swapped << shift
        b ^= swapped
    }
}
