import SquareCamAppleLogic
import SquareCamCore
import Testing

struct PixelCopyTests {
    /// A BGRA buffer whose pixel (x, y) is B = x, G = y, R = 100 + x + 10·y, with `padding` spare bytes per row.
    private func bgra(width: Int, height: Int, padding: Int = 0) -> (bytes: [UInt8], bytesPerRow: Int) {
        let bytesPerRow = width * 4 + padding
        var bytes = [UInt8](repeating: 7, count: bytesPerRow * height)
        for y in 0..<height {
            for x in 0..<width {
                let at = y * bytesPerRow + x * 4
                bytes[at] = UInt8(x)
                bytes[at + 1] = UInt8(y)
                bytes[at + 2] = UInt8(100 + x + 10 * y)
                bytes[at + 3] = 0
            }
        }
        return (bytes, bytesPerRow)
    }

    @Test(arguments: Orientation.allCases)
    func everyDisplayedPixelIsTheStoredPixelCoreMapsItTo(orientation: Orientation) {
        let (bytes, bytesPerRow) = bgra(width: 5, height: 3, padding: 12)
        let frame = bytes.withUnsafeBytes {
            UprightFrame.rgba(fromBGRA: $0, width: 5, height: 3, bytesPerRow: bytesPerRow, orientation: orientation)
        }
        let stored = PixelSize(width: 5, height: 3)
        #expect(frame.size == orientation.displayedSize(forStored: stored))
        #expect(frame.layout == .rgba)
        #expect(frame.planes[0].stride == frame.size.width * 4)
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let source = orientation.storedPoint(forDisplayed: PixelPoint(x: x, y: y), storedSize: stored)
                let at = (y * frame.size.width + x) * 4
                let pixel = Array(frame.planes[0].bytes[at..<at + 4])
                #expect(pixel == [UInt8(100 + source.x + 10 * source.y), UInt8(source.y), UInt8(source.x), 255], "\(orientation) at (\(x), \(y))")
            }
        }
    }

    @Test func aOnePixelBufferIsCopied() {
        let frame = [UInt8]([1, 2, 3, 4]).withUnsafeBytes {
            UprightFrame.rgba(fromBGRA: $0, width: 1, height: 1, bytesPerRow: 4, orientation: .right)
        }
        #expect(frame.planes[0].bytes == [3, 2, 1, 255])
    }

    private func rgbaFrame(width: Int, height: Int, value: (Int, Int) -> UInt8) -> Frame {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let v = value(x, y); bytes += [v, v, v, 255] } }
        return Frame(size: PixelSize(width: width, height: height), layout: .rgba, planes: [.init(bytes: bytes, stride: width * 4)])
    }

    @Test func theSquareIsCroppedAtFullSizeByDefault() throws {
        let frame = rgbaFrame(width: 6, height: 4) { x, y in UInt8(x + 10 * y) }
        let square = try SquareImage(frame: frame, options: SquarePhotoOptions())
        #expect(square.side == 4)
        // The centred square starts at column 1.
        #expect(stride(from: 0, to: square.rgba.count, by: 4).map { square.rgba[$0] } ==
                [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34])
    }

    @Test func scalingDownAveragesAndNeverEnlarges() throws {
        let frame = rgbaFrame(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? 0 : 200 }
        let half = try SquareImage(frame: frame, options: SquarePhotoOptions(side: 2))
        #expect(half.side == 2)
        #expect(stride(from: 0, to: half.rgba.count, by: 4).map { half.rgba[$0] } == [100, 100, 100, 100])
        let asked = try SquareImage(frame: frame, options: SquarePhotoOptions(side: 64))
        #expect(asked.side == 4)
    }

    @Test func mirroringSwapsLeftAndRight() throws {
        let frame = rgbaFrame(width: 2, height: 2) { x, _ in UInt8(x) }
        let square = try SquareImage(frame: frame, options: SquarePhotoOptions(mirrored: true))
        #expect(stride(from: 0, to: square.rgba.count, by: 4).map { square.rgba[$0] } == [1, 0, 1, 0])
    }

    @Test func aSquareOutsideTheFrameOrAPlanarFrameIsRefusedInWords() {
        let frame = rgbaFrame(width: 4, height: 4) { _, _ in 0 }
        #expect(throws: SquareImage.Problem.squareOutsideFrame(PixelRect(x: 2, y: 0, width: 4, height: 4), PixelSize(width: 4, height: 4))) {
            try SquareImage(frame: frame, options: SquarePhotoOptions(region: PixelRect(x: 2, y: 0, width: 4, height: 4)))
        }
        let gray = Frame(size: PixelSize(width: 1, height: 1), layout: .gray, planes: [.init(bytes: [0], stride: 1)])
        #expect(throws: SquareImage.Problem.unsupportedLayout(.gray)) { try SquareImage(frame: gray, options: SquarePhotoOptions()) }
        #expect(SquareImage.Problem.unsupportedLayout(.gray).description.contains("cannot save"))
    }

    @Test func theRoundAvatarIsClearOutsideTheCircleOnly() {
        let square = SquareImage(side: 8, rgba: [UInt8](repeating: 200, count: 8 * 8 * 4)).roundAvatar()
        func alpha(_ x: Int, _ y: Int) -> UInt8 { square.rgba[(y * 8 + x) * 4 + 3] }
        for (x, y) in [(0, 0), (7, 0), (0, 7), (7, 7)] {
            #expect(alpha(x, y) == 0)
            #expect(square.rgba[(y * 8 + x) * 4] == 0, "premultiplied: no colour where it is clear")
        }
        for (x, y) in [(3, 3), (4, 4), (0, 3), (7, 4), (3, 0), (4, 7)] {
            #expect(alpha(x, y) == 200)
        }
    }
}
