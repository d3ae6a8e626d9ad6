import SquareCamCore

/// Where the test camera's known colours are, so tests and tools can check pixels.
///
/// The pattern is GStreamer's SMPTE bars: the top two thirds hold seven bars of
/// equal width (white, yellow, cyan, green, magenta, red, blue, at full
/// intensity). The bottom-right corner is random snow, new in every frame, so
/// successive frames differ there and nowhere else.
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

    /// The corner that changes from frame to frame (the snow); everything
    /// outside it is the same in every frame.
    public static func changingRegion(for size: PixelSize) -> PixelRect {
        let x = size.width * 3 / 4, y = size.height * 3 / 4
        return PixelRect(x: x, y: y, width: size.width - x, height: size.height - y)
    }
}
