import SquareCamCore

/// Where the test camera's known colours are, so tests and tools can check pixels.
///
/// The pattern is GStreamer's SMPTE bars: the top two thirds hold seven bars of
/// equal width (white, yellow, cyan, green, magenta, red, blue, at full
/// intensity). A moving ball sits in a black box in the bottom-right corner.
public enum TestPattern {
    /// The colours of the seven top bars, left to right, as 8-bit RGB.
    public static let barColours: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0),
        (255, 0, 255), (255, 0, 0), (0, 0, 255),
    ]

    /// The pixel at the middle of top bar `index` (0...6) in a frame of `size`.
    public static func barCentre(_ index: Int, in size: PixelSize) -> (x: Int, y: Int) {
        let x = (2 * index + 1) * size.width / 14
        return (x, size.height / 3)
    }

    /// The square box, in frame pixels, where the ball moves.
    public static func ballBox(for size: PixelSize) -> PixelRect {
        let side = max(2, (size.height / 4) & ~1)
        return PixelRect(x: max(0, size.width - side), y: size.height - side, width: min(side, size.width), height: side)
    }
}
