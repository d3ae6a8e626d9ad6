import Foundation
import SquareCamCore

/// Lanczos-3 resampling of 8-bit interleaved frames (RGB, RGBA, gray):
/// separable, with the weights of each output row and column computed once
/// as 14-bit fixed point, so the inner loops are integer multiply-adds that
/// the compiler vectorises. Rows are filtered first, over whole rows at a
/// time (the wide, vectorisable pass), then columns.
public enum LanczosResampler {
    /// Lanczos lobes: 3, as vipsthumbnail and ImageMagick use by default.
    static let lobes = 3.0
    static let fractionBits = 14
    static let one = Int32(1) << fractionBits

    /// The taps for one output sample: the first source index and one weight per source sample.
    struct Taps {
        var start: [Int32]
        var count: Int
        /// `count` weights per output sample, one after another.
        var weights: [Int32]
    }

    /// Resamples `source` (fractional, in `frame` pixels) of `frame` to `size`.
    /// Samples outside the frame repeat its edge pixels.
    public static func resize(_ frame: Frame, source: Rect2D, to size: PixelSize) -> Frame {
        precondition(frame.layout != .i420, "resample RGB, RGBA or gray frames")
        let channels = frame.layout == .rgb ? 3 : frame.layout == .rgba ? 4 : 1
        let horizontal = taps(outputs: size.width, sourceStart: source.x, sourceLength: source.width, limit: frame.size.width)
        let vertical = taps(outputs: size.height, sourceStart: source.y, sourceLength: source.height, limit: frame.size.height)
        let plane = frame.planes[0]
        let rowLength = frame.size.width * channels
        // Pass 1, columns: every output row blends a few input rows, over the full input width.
        var between = [UInt8](repeating: 0, count: rowLength * size.height)
        var accumulator = [Int32](repeating: 0, count: rowLength)
        plane.bytes.withUnsafeBufferPointer { input in
            between.withUnsafeMutableBufferPointer { output in
                accumulator.withUnsafeMutableBufferPointer { sums in
                    for row in 0..<size.height {
                        filterRows(
                            input: input.baseAddress!, stride: plane.stride, length: rowLength,
                            firstRow: Int(vertical.start[row]), weights: vertical.weights, weightOffset: row * vertical.count,
                            count: vertical.count, sums: sums.baseAddress!, output: output.baseAddress! + row * rowLength)
                    }
                }
            }
        }
        // Pass 2, rows: every output pixel blends a few neighbours in its row.
        let outStride = size.width * channels
        var result = [UInt8](repeating: 0, count: outStride * size.height)
        between.withUnsafeBufferPointer { input in
            result.withUnsafeMutableBufferPointer { output in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    horizontal.start.withUnsafeBufferPointer { starts in
                        for row in 0..<size.height {
                            filterColumns(
                                input: input.baseAddress! + row * rowLength, output: output.baseAddress! + row * outStride,
                                outputs: size.width, channels: channels, starts: starts.baseAddress!,
                                weights: weights.baseAddress!, count: horizontal.count)
                        }
                    }
                }
            }
        }
        return Frame(size: size, layout: frame.layout, planes: [Frame.Plane(bytes: result, stride: outStride)])
    }

    /// A frame's fractional `source` copied out when it is whole pixels at 1:1, else resampled.
    public static func crop(_ frame: Frame, source: Rect2D, to size: PixelSize) -> Frame {
        let whole = source.x == source.x.rounded() && source.y == source.y.rounded()
        guard whole, source.width == Double(size.width), source.height == Double(size.height) else {
            return resize(frame, source: source, to: size)
        }
        let channels = frame.layout == .rgb ? 3 : frame.layout == .rgba ? 4 : 1
        let (x, y) = (Int(source.x), Int(source.y))
        let outStride = size.width * channels
        var result = [UInt8](repeating: 0, count: outStride * size.height)
        let plane = frame.planes[0]
        for row in 0..<size.height {
            let from = (y + row) * plane.stride + x * channels
            result.withUnsafeMutableBufferPointer { out in
                plane.bytes.withUnsafeBufferPointer { input in
                    (out.baseAddress! + row * outStride).update(from: input.baseAddress! + from, count: outStride)
                }
            }
        }
        return Frame(size: size, layout: frame.layout, planes: [Frame.Plane(bytes: result, stride: outStride)])
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let pix = Double.pi * x
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }

    /// Weights for `outputs` samples covering [sourceStart, sourceStart + sourceLength) of `limit` source samples.
    static func taps(outputs: Int, sourceStart: Double, sourceLength: Double, limit: Int) -> Taps {
        let scale = sourceLength / Double(outputs)
        let stretch = max(scale, 1)  // widen the kernel when shrinking, so it low-passes
        let support = lobes * stretch
        let count = min(limit, Int((2 * support).rounded(.up)) + 1)
        var starts = [Int32](repeating: 0, count: outputs)
        var weights = [Int32](repeating: 0, count: outputs * count)
        var real = [Double](repeating: 0, count: count)
        for output in 0..<outputs {
            let center = sourceStart + (Double(output) + 0.5) * scale
            var first = Int((center - support).rounded(.down))
            first = max(0, min(first, limit - count))
            var total = 0.0
            for tap in 0..<count {
                let sampleCenter = Double(first + tap) + 0.5
                real[tap] = lanczos((sampleCenter - center) / stretch)
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
            starts[output] = Int32(first)
        }
        return Taps(start: starts, count: count, weights: weights)
    }

    private static func filterRows(
        input: UnsafePointer<UInt8>, stride: Int, length: Int, firstRow: Int,
        weights: [Int32], weightOffset: Int, count: Int,
        sums: UnsafeMutablePointer<Int32>, output: UnsafeMutablePointer<UInt8>
    ) {
        sums.update(repeating: one >> 1, count: length)
        for tap in 0..<count {
            let weight = weights[weightOffset + tap]
            if weight == 0 { continue }
            let row = input + (firstRow + tap) * stride
            for index in 0..<length {
                sums[index] &+= Int32(row[index]) &* weight
            }
        }
        for index in 0..<length {
            let value = sums[index] >> Int32(fractionBits)
            output[index] = UInt8(truncatingIfNeeded: min(max(value, 0), 255))
        }
    }

    private static func filterColumns(
        input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>, outputs: Int, channels: Int,
        starts: UnsafePointer<Int32>, weights: UnsafePointer<Int32>, count: Int
    ) {
        switch channels {
        case 3:
            for x in 0..<outputs {
                let source = input + Int(starts[x]) * 3
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
                let source = input + Int(starts[x]) * channels
                let w = weights + x * count
                for channel in 0..<channels {
                    var sum = one >> 1
                    for tap in 0..<count {
                        sum &+= Int32(source[tap * channels + channel]) &* w[tap]
                    }
                    output[x * channels + channel] = byte(sum)
                }
            }
        }
    }

    /// A sum that already holds the rounding half, back to 0…255.
    @inline(__always)
    private static func byte(_ sum: Int32) -> UInt8 {
        let value = sum >> Int32(fractionBits)
        return UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }
}
