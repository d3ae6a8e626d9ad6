#if canImport(Glibc)
import Glibc  // sin
#endif
import SquareCamCore

/// Lanczos-3 resampling of 8-bit interleaved pixels (RGB, RGBA, gray).
///
/// Separable, with the weights of every output row and column computed once
/// as 14-bit fixed point, so the inner loops are integer multiply-adds.
/// It streams: source rows are pulled in small batches into a ring just deep
/// enough for the vertical kernel, each output row is filtered vertically
/// (over the whole source width: the long, vectorisable loop) and then
/// horizontally, so a 48 MP decode never sits in memory at once.
public enum LanczosResampler {
    /// Lanczos lobes: 3, as vipsthumbnail and ImageMagick use by default.
    static let lobes = 3.0
    static let fractionBits = 14
    static let one = Int32(1) << fractionBits
    /// Source rows pulled per read.
    static let batchRows = 16

    /// Pulls the next `count` source rows into the buffer, `stride` bytes apart.
    public typealias RowReader = (_ into: UnsafeMutablePointer<UInt8>, _ count: Int, _ stride: Int) throws(ImagingError) -> Void

    /// The taps for one axis: for each output sample, the first source index and `count` weights.
    struct Taps {
        var start: [Int]
        var count: Int
        var weights: [Int32]
    }

    /// Resamples `source` (fractional, in `frame` pixels) of `frame` to `size`.
    public static func resize(_ frame: Frame, source: Rect2D, to size: PixelSize) -> Frame {
        precondition(frame.layout == .rgb || frame.layout == .rgba || frame.layout == .gray, "resample RGB, RGBA or gray frames")
        let channels = frame.layout.channelCount
        let plane = frame.planes[0]
        var nextRow = 0
        let pixels = try! resize(width: frame.size.width, rows: frame.size.height, channels: channels,
                                 source: source, to: size) { (target, count, stride) throws(ImagingError) in
            plane.bytes.withUnsafeBufferPointer { input in
                for row in 0..<count {
                    (target + row * stride).update(from: input.baseAddress! + (nextRow + row) * plane.stride,
                                                   count: frame.size.width * channels)
                }
            }
            nextRow += count
        }
        return Frame(size: size, layout: frame.layout, planes: [Frame.Plane(bytes: pixels, stride: size.width * channels)])
    }

    /// `source` of `frame` at `size`: copied when it is whole pixels at 1:1, else resampled.
    public static func crop(_ frame: Frame, source: Rect2D, to size: PixelSize) -> Frame {
        if isCopy(source: source, size: size) {
            let channels = frame.layout.channelCount
            let (x, y) = (Int(source.x), Int(source.y))
            let rowBytes = size.width * channels
            let plane = frame.planes[0]
            let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * size.height) { buffer, initialized in
                plane.bytes.withUnsafeBufferPointer { input in
                    for row in 0..<size.height {
                        (buffer.baseAddress! + row * rowBytes).initialize(
                            from: input.baseAddress! + (y + row) * plane.stride + x * channels, count: rowBytes)
                    }
                }
                initialized = rowBytes * size.height
            }
            return Frame(size: size, layout: frame.layout, planes: [Frame.Plane(bytes: pixels, stride: rowBytes)])
        }
        return resize(frame, source: source, to: size)
    }

    static func isCopy(source: Rect2D, size: PixelSize) -> Bool {
        source.x == source.x.rounded() && source.y == source.y.rounded()
            && source.width == Double(size.width) && source.height == Double(size.height)
    }

    /// Resamples a stream of `rows` source rows, each `width` pixels of
    /// `channels` bytes, pulled in order through `read`: `source` (fractional,
    /// in source pixels) becomes `size`. Samples outside repeat the edge.
    /// Returns the output pixels, rows packed.
    public static func resize(
        width: Int, rows: Int, channels: Int, source: Rect2D, to size: PixelSize, read: RowReader
    ) throws(ImagingError) -> [UInt8] {
        let rowLength = width * channels
        let outStride = size.width * channels
        if isCopy(source: source, size: size) {
            return try copy(width: width, rows: rows, channels: channels, source: source, size: size, read: read)
        }
        let vertical = taps(outputs: size.height, sourceStart: source.y, sourceLength: source.height, limit: rows)
        let horizontal = taps(outputs: size.width, sourceStart: source.x, sourceLength: source.width, limit: width)
        // A ring of source rows, filled in whole batches: deep enough for one
        // output row's taps plus the batch being read.
        let ringRows = (vertical.count + 2 * batchRows - 1) / batchRows * batchRows
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * rowLength)
        defer { ring.deallocate() }
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: rowLength)
        defer { sums.deallocate() }
        let between = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength)
        defer { between.deallocate() }
        var fed = 0
        var failure: ImagingError? = nil
        let result = [UInt8](unsafeUninitializedCapacity: outStride * size.height) { output, initialized in
            vertical.weights.withUnsafeBufferPointer { verticalWeights in
                horizontal.weights.withUnsafeBufferPointer { horizontalWeights in
                    horizontal.start.withUnsafeBufferPointer { horizontalStarts in
                        for row in 0..<size.height {
                            let first = vertical.start[row]
                            while fed < first + vertical.count {
                                let count = min(batchRows, rows - fed)
                                do throws(ImagingError) {
                                    try read(ring + (fed % ringRows) * rowLength, count, rowLength)
                                } catch {
                                    failure = error
                                    return
                                }
                                fed += count
                            }
                            filterRows(
                                ring: ring, ringRows: ringRows, length: rowLength, firstRow: first,
                                weights: verticalWeights.baseAddress! + row * vertical.count, count: vertical.count,
                                sums: sums, output: between)
                            filterColumns(
                                input: between, output: output.baseAddress! + row * outStride, outputs: size.width,
                                channels: channels, starts: horizontalStarts.baseAddress!,
                                weights: horizontalWeights.baseAddress!, count: horizontal.count)
                        }
                    }
                }
            }
            initialized = failure == nil ? outStride * size.height : 0
        }
        if let failure { throw failure }
        return result
    }

    /// The whole-pixel `source` of the stream, copied.
    private static func copy(
        width: Int, rows: Int, channels: Int, source: Rect2D, size: PixelSize, read: RowReader
    ) throws(ImagingError) -> [UInt8] {
        let rowLength = width * channels
        let outStride = size.width * channels
        let (x, y) = (Int(source.x), Int(source.y))
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: batchRows * rowLength)
        defer { buffer.deallocate() }
        var fed = 0
        var failure: ImagingError? = nil
        let result = [UInt8](unsafeUninitializedCapacity: outStride * size.height) { output, initialized in
            while fed < y + size.height {
                let count = min(batchRows, rows - fed)
                guard count > 0 else {
                    failure = .corrupt(detail: "the image has fewer rows than its header says")
                    return
                }
                do throws(ImagingError) {
                    try read(buffer, count, rowLength)
                } catch {
                    failure = error
                    return
                }
                for index in 0..<count where fed + index >= y && fed + index < y + size.height {
                    (output.baseAddress! + (fed + index - y) * outStride)
                        .initialize(from: buffer + index * rowLength + x * channels, count: outStride)
                }
                fed += count
            }
            initialized = outStride * size.height
        }
        if let failure { throw failure }
        return result
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let pix = Double.pi * x
        // Three lobes: sin(πx) = sin(3θ) = sin θ (3 − 4 sin² θ) with θ = πx/3.
        // One sine instead of two (a 48 MP crop's weights took 3 ms of sines).
        let third = sin(pix / lobes)
        return lobes * third * (3 - 4 * third * third) * third / (pix * pix)
    }

    /// Where the kernel lies on one axis: `outputs` samples covering
    /// [sourceStart, sourceStart + sourceLength) of `limit` source samples.
    /// Shared by the 8-bit and the 16-bit resamplers, so both take the same
    /// source samples for every output sample.
    struct Axis {
        let sourceStart: Double
        let scale: Double
        /// Widened when shrinking, so the kernel low-passes.
        let stretch: Double
        let support: Double
        /// Taps per output sample.
        let count: Int
        let limit: Int

        init(outputs: Int, sourceStart: Double, sourceLength: Double, limit: Int) {
            self.sourceStart = sourceStart
            scale = sourceLength / Double(outputs)
            stretch = max(scale, 1)
            support = lobes * stretch
            count = min(limit, Int((2 * support).rounded(.up)) + 1)
            self.limit = limit
        }

        /// Output sample `output`'s centre and first tap, in source samples.
        /// The window starts where the kernel does, moved inside the source:
        /// taps beyond an edge then weigh the edge pixels (repeat-edge).
        func window(_ output: Int) -> (center: Double, first: Int) {
            let center = sourceStart + (Double(output) + 0.5) * scale
            return (center, max(0, min(Int((center - support).rounded(.down)), limit - count)))
        }

        /// The kernel's (unnormalised) weight for source sample `index` of a window centred at `center`.
        func weight(_ index: Int, center: Double) -> Double {
            lanczos((Double(index) + 0.5 - center) / stretch)
        }
    }

    /// Weights for `outputs` samples covering [sourceStart, sourceStart + sourceLength) of `limit` source samples.
    static func taps(outputs: Int, sourceStart: Double, sourceLength: Double, limit: Int) -> Taps {
        let axis = Axis(outputs: outputs, sourceStart: sourceStart, sourceLength: sourceLength, limit: limit)
        let count = axis.count
        var starts = [Int](repeating: 0, count: outputs)
        var weights = [Int32](repeating: 0, count: outputs * count)
        var real = [Double](repeating: 0, count: count)
        // An output's weights depend only on where its centre lies from its
        // first tap, and a ratio such as 1512:1080 (7:5) repeats a few such
        // offsets all along the axis: each is weighed once (the sines were
        // most of a 12 MP crop's plan, made before its two threads start).
        // The offset is taken to 2^-36 of a sample, and the weights are made
        // from that, so equal keys always get equal weights.
        var weighed: [Int64: Int] = [:]
        for output in 0..<outputs {
            let (center, first) = axis.window(output)
            starts[output] = first
            let key = Int64(((center - Double(first)) * 0x1p36).rounded())
            if let earlier = weighed[key] {
                for tap in 0..<count { weights[output * count + tap] = weights[earlier * count + tap] }
                continue
            }
            weighed[key] = output
            let offset = Double(key) * 0x1p-36
            var total = 0.0
            for tap in 0..<count {
                real[tap] = axis.weight(tap, center: offset)
                total += real[tap]
            }
            // Integer weights that sum to exactly `one`, so flat areas stay flat.
            var sum: Int32 = 0
            var largest = 0
            for tap in 0..<count {
                let weight = Int32((real[tap] / total * Double(one)).rounded())
                weights[output * count + tap] = weight
                sum += weight
                if abs(real[tap]) > abs(real[largest]) { largest = tap }
            }
            weights[output * count + largest] += one - sum
        }
        return Taps(start: starts, count: count, weights: weights)
    }

    @inline(__always)
    private static func byte(_ sum: Int32) -> UInt8 {
        let value = sum >> Int32(fractionBits)
        return UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }

    private static func filterRows(
        ring: UnsafeMutablePointer<UInt8>, ringRows: Int, length: Int, firstRow: Int,
        weights: UnsafePointer<Int32>, count: Int,
        sums: UnsafeMutablePointer<Int32>, output: UnsafeMutablePointer<UInt8>
    ) {
        sums.update(repeating: one >> 1, count: length)
        for tap in 0..<count {
            let weight = weights[tap]
            if weight == 0 { continue }
            let row = UnsafePointer(ring + ((firstRow + tap) % ringRows) * length)
            for index in 0..<length {
                sums[index] &+= Int32(row[index]) &* weight
            }
        }
        for index in 0..<length {
            output[index] = byte(sums[index])
        }
    }

    private static func filterColumns(
        input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>, outputs: Int, channels: Int,
        starts: UnsafePointer<Int>, weights: UnsafePointer<Int32>, count: Int
    ) {
        switch channels {
        case 1:
            for x in 0..<outputs {
                let source = input + starts[x]
                let w = weights + x * count
                var sum = one >> 1
                for tap in 0..<count { sum &+= Int32(source[tap]) &* w[tap] }
                output[x] = byte(sum)
            }
        case 3:
            for x in 0..<outputs {
                let source = input + starts[x] * 3
                let w = weights + x * count
                var r = one >> 1, g = one >> 1, b = one >> 1
                for tap in 0..<count {
                    let weight = w[tap]
                    r &+= Int32(source[tap * 3]) &* weight
                    g &+= Int32(source[tap * 3 + 1]) &* weight
                    b &+= Int32(source[tap * 3 + 2]) &* weight
                }
                output[x * 3] = byte(r)
                output[x * 3 + 1] = byte(g)
                output[x * 3 + 2] = byte(b)
            }
        default:
            for x in 0..<outputs {
                let source = input + starts[x] * channels
                let w = weights + x * count
                for channel in 0..<channels {
                    var sum = one >> 1
                    for tap in 0..<count { sum &+= Int32(source[tap * channels + channel]) &* w[tap] }
                    output[x * channels + channel] = byte(sum)
                }
            }
        }
    }
}

extension Frame.Layout {
    /// Bytes per pixel of the single-plane layouts.
    var channelCount: Int {
        switch self {
        case .rgb: 3
        case .rgba: 4
        case .gray, .i420: 1
        }
    }
}
