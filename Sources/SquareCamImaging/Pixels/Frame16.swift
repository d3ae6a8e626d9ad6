import SquareCamCore

/// Pixels with 16 bits per sample, as a 16-bit PNG stores them: interleaved
/// gray, gray+alpha, RGB or RGBA, rows packed, in host byte order.
///
/// Apart from Core's `Frame`, whose layouts are all 8-bit: only 16-bit PNG
/// squares need it, and they never meet the 8-bit stages.
public struct Frame16: Sendable, Hashable {
    public var size: PixelSize
    /// Samples per pixel: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
    public var channels: Int
    /// `size.area * channels` samples, row after row.
    public var samples: [UInt16]

    public init(size: PixelSize, channels: Int, samples: [UInt16]) {
        precondition((1...4).contains(channels), "a 16-bit frame has 1 to 4 samples a pixel, not \(channels)")
        precondition(samples.count == size.area * channels, "\(size) × \(channels) samples, not \(samples.count)")
        self.size = size
        self.channels = channels
        self.samples = samples
    }

    /// Whether the last sample of each pixel is alpha.
    public var hasAlpha: Bool { channels == 2 || channels == 4 }

    /// Samples from one row to the next.
    public var rowLength: Int { size.width * channels }

    /// This frame with an alpha sample added to each pixel: transparent where
    /// the pixel is exactly `key` (a tRNS colour key), opaque elsewhere.
    /// How a keyed image is resampled: blended pixels match no key.
    public func keyedToAlpha(_ key: [UInt16]) -> Frame16 {
        precondition(!hasAlpha && key.count >= channels, "a colour key needs a gray or RGB frame and a sample per channel")
        let pixels = size.area
        var output = [UInt16](repeating: 0, count: pixels * (channels + 1))
        for pixel in 0..<pixels {
            var matches = true
            for channel in 0..<channels {
                let sample = samples[pixel * channels + channel]
                output[pixel * (channels + 1) + channel] = sample
                matches = matches && sample == key[channel]
            }
            output[pixel * (channels + 1) + channels] = matches ? 0 : .max
        }
        return Frame16(size: size, channels: channels + 1, samples: output)
    }
}
