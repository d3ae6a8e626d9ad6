/// A frame rate as the fraction GStreamer caps use (30/1, 30000/1001, 15/2).
struct FrameRate: Hashable, Sendable {
    var numerator: Int
    var denominator: Int

    init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = max(1, denominator)
    }

    /// The fraction for a rate in frames per second; NTSC-style rates map to /1001.
    init(_ framesPerSecond: Double) {
        // 29.97 is really 30000/1001 (29.97003): NTSC rates match loosely.
        for (denominator, tolerance) in [(1, 1e-6), (2, 1e-6), (1001, 1e-3)] {
            let numerator = (framesPerSecond * Double(denominator)).rounded()
            if abs(numerator / Double(denominator) - framesPerSecond) < tolerance {
                self.init(numerator: Int(numerator), denominator: denominator)
                return
            }
        }
        self.init(numerator: Int((framesPerSecond * 1000).rounded()), denominator: 1000)
    }

    var framesPerSecond: Double { Double(numerator) / Double(denominator) }
}
