import CResample
import Testing

/// The resampler's two passes (`cresample_rows` and `cresample_columns`,
/// written out for AVX2 where the CPU has it) give exactly the sum they are
/// defined by: Σ weight · sample, rounded (+ half, >> fraction bits) and
/// clamped to a byte, for every width (the whole blocks the AVX2 code takes
/// and the pixels left over) and tap count, with negative lobes and sums
/// outside 0…255 both ways.
struct ResampleLoopTests {
    /// Every byte value, scrambled differently for each `seed`.
    private static func samples(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { x in UInt8(truncatingIfNeeded: (x &* 73 &+ seed &* 151) ^ (x &* x >> 3)) }
    }

    /// Lanczos-like weights summing to about 1 << fraction bits, the centre
    /// tap largest, some lobes negative and some too large.
    private static func weights(_ taps: Int, used: Int? = nil, seed: Int = 0) -> [Int16] {
        let one = 1 << CRESAMPLE_FRACTION_BITS, used = used ?? taps
        return (0..<taps).map { tap -> Int16 in
            guard tap < used else { return 0 }
            let lobe = ((tap + seed) % 3 == 1 ? -1 : 2) * one / (3 * used)
            return Int16(clamping: (tap == used / 2 ? one : 0) + lobe)
        }
    }

    private static func roundedClamped(_ sum: Int) -> UInt8 {
        UInt8(clamping: (sum + (1 << CRESAMPLE_FRACTION_BITS) / 2) >> CRESAMPLE_FRACTION_BITS)
    }

    @Test(arguments: [1, 2, 3, 5, 8, 17, 33])
    func theVerticalPassIsTheRoundedClampedSum(taps: Int) {
        for width in [1, 15, 31, 32, 33, 64, 95, 1080] {
            let rows = (0..<taps).map { Self.samples(width, seed: $0) }
            let weights = Self.weights(taps)
            var output = [UInt8](repeating: 0, count: width)
            let samples = rows.flatMap { $0 }
            samples.withUnsafeBufferPointer { samples in
                var starts = (0..<taps).map { UnsafePointer<UInt8>?(samples.baseAddress! + $0 * width) }
                cresample_rows(&starts, weights, Int32(taps), width, &output)
            }
            let expected = (0..<width).map { x -> UInt8 in
                Self.roundedClamped((0..<taps).map { Int(rows[$0][x]) * Int(weights[$0]) }.reduce(0, +))
            }
            let wrong = (0..<width).filter { output[$0] != expected[$0] }
            #expect(wrong.isEmpty, "taps \(taps), width \(width): \(wrong.count) pixels differ, first at \(wrong.first ?? -1)")
        }
    }

    /// Horizontal taps come padded with zero weights to whole groups of
    /// CRESAMPLE_TAP_GROUP; each output starts where its `starts` entry says.
    @Test(arguments: [1, 9, 17, 40])
    func theHorizontalPassIsTheRoundedClampedSum(usedTaps: Int) {
        let group = Int(CRESAMPLE_TAP_GROUP)
        let taps = (usedTaps + group - 1) / group * group
        for outputs in [1, 7, 8, 9, 16, 23, 1080] {
            let input = Self.samples(outputs * 3 + taps, seed: outputs)
            // Starts that go forward unevenly, as a shrink's do.
            let starts: [Int32] = (0..<outputs).map { x in Int32(x * 3 - x % 2 + 1) }
            let weights: [Int16] = (0..<outputs).flatMap { x in Self.weights(taps, used: usedTaps, seed: x) }
            var output = [UInt8](repeating: 0, count: outputs)
            cresample_columns(input, starts, weights, Int32(taps), outputs, &output)
            let expected = (0..<outputs).map { x -> UInt8 in
                let start = Int(starts[x])
                let products = (0..<taps).map { Int(input[start + $0]) * Int(weights[x * taps + $0]) }
                return Self.roundedClamped(products.reduce(0, +))
            }
            let wrong = (0..<outputs).filter { output[$0] != expected[$0] }
            #expect(wrong.isEmpty, "taps \(usedTaps), outputs \(outputs): \(wrong.count) differ, first at \(wrong.first ?? -1)")
        }
    }
}
