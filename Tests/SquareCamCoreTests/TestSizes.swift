import SquareCamCore

/// A reproducible random generator (SplitMix64), so a failing property test fails the same way every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Sizes that geometry must handle: tiny, odd, square, portrait, landscape, camera sizes and the 16-bit limit.
enum TestSizes {
    static let sides = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 63, 64, 65, 100, 101, 479, 480, 719, 720, 1079, 1080, 1081, 1920, 2592, 4032, 65534, 65535]

    /// Every pair of `sides` (841 sizes, all orientations).
    static let all: [PixelSize] = sides.flatMap { w in sides.map { h in PixelSize(width: w, height: h) } }

    /// A smaller spread for costlier tests.
    static let some: [PixelSize] = [1, 2, 3, 8, 17, 64, 101, 1080, 1081, 1920, 65535].flatMap { w in
        [1, 2, 5, 16, 63, 720, 1079, 4032, 65535].map { h in PixelSize(width: w, height: h) }
    }

    /// `count` random sizes with sides from 1 to `maxSide`.
    static func random(count: Int, maxSide: Int = 5000, seed: UInt64) -> [PixelSize] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            PixelSize(width: Int.random(in: 1...maxSide, using: &rng), height: Int.random(in: 1...maxSide, using: &rng))
        }
    }
}
