import SquareCamImaging
import Testing

/// A still picture's pixels as cairo paints them: each RGBA pixel an opaque 0xFFRRGGBB word.
@Suite struct OpaqueBGRARowsTests {
    /// Three pixels, R G B A bytes each, alpha anything but 255.
    private let row: [UInt8] = [0x11, 0x22, 0x33, 0x00, 0xA0, 0xB0, 0xC0, 0x7F, 0xFF, 0x00, 0x80, 0x01]

    @Test func eachPixelBecomesAnOpaqueRGBWord() {
        var words = [UInt32](repeating: 0, count: 3)
        row.withUnsafeBytes { source in
            words.withUnsafeMutableBytes { target in
                OpaqueBGRARows.copy(from: source.baseAddress!, to: target.baseAddress!, pixels: 3)
            }
        }
        #expect(words == [0xFF11_2233, 0xFFA0_B0C0, 0xFFFF_0080])
    }
}
