import SquareCamCore

/// The square the crop editor's box covers, in frame pixels: always a
/// square inside the frame, at least `minimumSide` wide.
struct CropSquare: Hashable {
    let frameSize: PixelSize
    private(set) var x: Int
    private(set) var y: Int
    private(set) var side: Int

    /// The smallest square the editor zooms to.
    static let minimumSide = 64

    /// The widest centred square.
    init(frameSize: PixelSize) {
        self.frameSize = frameSize
        let square = frameSize.centeredSquare
        (x, y, side) = (square.x, square.y, square.width)
    }

    /// A given square, pulled inside the frame if needed.
    init(frameSize: PixelSize, rect: PixelRect) {
        self.init(frameSize: frameSize)
        side = max(min(rect.width, frameSize.shortSide), min(Self.minimumSide, frameSize.shortSide))
        x = rect.x
        y = rect.y
        clamp()
    }

    var rect: PixelRect { PixelRect(x: x, y: y, width: side, height: side) }

    mutating func move(dx: Int, dy: Int) {
        x += dx
        y += dy
        clamp()
    }

    /// Zooms around the square's centre: a factor above 1 shows less of the photo.
    mutating func zoom(by factor: Double) {
        let centerX = Double(x) + Double(side) / 2, centerY = Double(y) + Double(side) / 2
        let lower = min(Self.minimumSide, frameSize.shortSide)
        side = min(frameSize.shortSide, max(lower, Int((Double(side) / factor).rounded())))
        x = Int((centerX - Double(side) / 2).rounded())
        y = Int((centerY - Double(side) / 2).rounded())
        clamp()
    }

    mutating func reset() {
        self = CropSquare(frameSize: frameSize)
    }

    private mutating func clamp() {
        x = min(max(0, x), frameSize.width - side)
        y = min(max(0, y), frameSize.height - side)
    }
}
