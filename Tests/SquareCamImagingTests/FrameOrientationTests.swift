import SquareCamCore
import SquareCamImaging
import Testing

/// Frame.applying(_:) copies in tiles; every pixel must still come from
/// where the orientation says, at tile edges and in padded rows too.
@Suite struct FrameOrientationTests {
    /// Sizes below, at and across the 64-pixel tiles, and a one-pixel frame.
    private static let sizes = [PixelSize(width: 1, height: 1), PixelSize(width: 5, height: 3),
                                PixelSize(width: 64, height: 64), PixelSize(width: 130, height: 67)]

    /// A frame whose every byte differs from its neighbours', with two bytes of padding per row.
    private func numbered(_ size: PixelSize, _ layout: Frame.Layout, channels: Int) -> Frame {
        let stride = size.width * channels + 2
        let bytes = (0..<stride * size.height).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
        return Frame(size: size, layout: layout, planes: [Frame.Plane(bytes: bytes, stride: stride)])
    }

    @Test(arguments: [(Frame.Layout.gray, 1), (.rgb, 3), (.rgba, 4)])
    func everyPixelComesFromWhereTheOrientationSays(layout: Frame.Layout, channels: Int) {
        for size in Self.sizes {
            let stored = numbered(size, layout, channels: channels)
            for orientation in Orientation.allCases {
                let shown = stored.applying(orientation)
                let expectedSize = orientation.displayedSize(forStored: size)
                #expect(shown.size == expectedSize)
                var mismatches = 0
                for y in 0..<expectedSize.height {
                    for x in 0..<expectedSize.width {
                        let from = orientation.storedPoint(forDisplayed: PixelPoint(x: x, y: y), storedSize: size)
                        for channel in 0..<channels {
                            let expected = stored.planes[0].bytes[from.y * stored.planes[0].stride + from.x * channels + channel]
                            if shown.planes[0].bytes[y * shown.planes[0].stride + x * channels + channel] != expected { mismatches += 1 }
                        }
                    }
                }
                #expect(mismatches == 0, "\(orientation) of a \(size.width)x\(size.height) \(layout) frame")
            }
        }
    }
}
