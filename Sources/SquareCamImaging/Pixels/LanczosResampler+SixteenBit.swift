import SquareCamCore

/// Lanczos-3 for 16-bit frames: the same windows as the 8-bit resampler
/// (`Axis`), so the same source rectangle gives the same picture, filtered in
/// floating point. The weights are exact to the float, not 14-bit fixed
/// point: fixed point would put steps into 16-bit gradients. Only 16-bit PNG
/// squares come here, decoded whole, so it filters the whole frame rather
/// than streaming rows, and leaves vectorising to the compiler.
extension LanczosResampler {
    /// Per-sample weights on one axis, normalised to sum to 1.
    struct FloatTaps {
        var start: [Int]
        var count: Int
        var weights: [Float]

        init(_ axis: Axis, outputs: Int) {
            count = axis.count
            start = [Int](repeating: 0, count: outputs)
            weights = [Float](repeating: 0, count: outputs * count)
            var real = [Double](repeating: 0, count: count)
            for output in 0..<outputs {
                let (center, first) = axis.window(output)
                var total = 0.0
                for tap in 0..<count {
                    real[tap] = axis.weight(first + tap, center: center)
                    total += real[tap]
                }
                for tap in 0..<count { weights[output * count + tap] = Float(real[tap] / total) }
                start[output] = first
            }
        }
    }

    /// `source` of `frame` at `size`: copied when it is whole pixels at 1:1, else resampled.
    public static func crop(_ frame: Frame16, source: Rect2D, to size: PixelSize) -> Frame16 {
        guard isCopy(source: source, size: size) else { return resize(frame, source: source, to: size) }
        let (x, y) = (Int(source.x), Int(source.y))
        let rowLength = size.width * frame.channels
        var samples: [UInt16] = []
        samples.reserveCapacity(rowLength * size.height)
        for row in y..<(y + size.height) {
            let start = row * frame.rowLength + x * frame.channels
            samples.append(contentsOf: frame.samples[start..<(start + rowLength)])
        }
        return Frame16(size: size, channels: frame.channels, samples: samples)
    }

    /// Resamples `source` (fractional, in `frame` pixels) of `frame` to `size`;
    /// samples outside repeat the edge. Alpha is filtered like the other
    /// samples, as the 8-bit resampler does.
    public static func resize(_ frame: Frame16, source: Rect2D, to size: PixelSize) -> Frame16 {
        let channels = frame.channels
        let vertical = FloatTaps(Axis(outputs: size.height, sourceStart: source.y, sourceLength: source.height,
                                      limit: frame.size.height), outputs: size.height)
        let horizontal = FloatTaps(Axis(outputs: size.width, sourceStart: source.x, sourceLength: source.width,
                                        limit: frame.size.width), outputs: size.width)
        // Only the columns some output pixel weighs are filtered vertically
        // (the windows' starts only grow from left to right).
        let firstColumn = horizontal.start[0]
        let span = (horizontal.start[size.width - 1] + horizontal.count - firstColumn) * channels
        let line = UnsafeMutablePointer<Float>.allocate(capacity: span)
        defer { line.deallocate() }
        let outputLength = size.width * channels
        let samples = [UInt16](unsafeUninitializedCapacity: outputLength * size.height) { output, initialized in
            frame.samples.withUnsafeBufferPointer { input in
                vertical.weights.withUnsafeBufferPointer { verticalWeights in
                    horizontal.weights.withUnsafeBufferPointer { horizontalWeights in
                        for row in 0..<size.height {
                            line.update(repeating: 0, count: span)
                            for tap in 0..<vertical.count {
                                let weight = verticalWeights[row * vertical.count + tap]
                                if weight == 0 { continue }
                                let sourceRow = input.baseAddress! + (vertical.start[row] + tap) * frame.rowLength
                                    + firstColumn * channels
                                for index in 0..<span { line[index] += Float(sourceRow[index]) * weight }
                            }
                            filterColumns(line: line, firstColumn: firstColumn, channels: channels, taps: horizontal,
                                          weights: horizontalWeights.baseAddress!,
                                          output: output.baseAddress! + row * outputLength)
                        }
                    }
                }
            }
            initialized = outputLength * size.height
        }
        return Frame16(size: size, channels: channels, samples: samples)
    }

    private static func filterColumns(
        line: UnsafePointer<Float>, firstColumn: Int, channels: Int, taps: FloatTaps,
        weights: UnsafePointer<Float>, output: UnsafeMutablePointer<UInt16>
    ) {
        for x in 0..<taps.start.count {
            let source = line + (taps.start[x] - firstColumn) * channels
            let w = weights + x * taps.count
            for channel in 0..<channels {
                var sum: Float = 0
                for tap in 0..<taps.count { sum += source[tap * channels + channel] * w[tap] }
                output[x * channels + channel] = UInt16(min(max(sum.rounded(), 0), 65535))
            }
        }
    }
}
