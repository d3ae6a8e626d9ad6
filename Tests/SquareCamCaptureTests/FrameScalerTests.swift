import CGStreamer
@testable import SquareCamCapture
import SquareCamCore
import Testing

/// The viewfinder's picture from a camera format our own scaler does not take
/// (RGB, as image files and some webcams give): GStreamer's converters make
/// it, in the screen's byte order, and the rows are turned round when mirrored.
@Suite struct FrameScalerTests {
    /// 4×4 RGB, every pixel its own colour.
    private static let side = 4
    private static func colour(x: Int, y: Int) -> (Int, Int, Int) { (x * 60 + 10, y * 60 + 20, 255 - x * 20 - y * 40) }

    @Test(arguments: [false, true])
    func aPictureFromGStreamersConvertersIsBGRAAndMirroredWhenAsked(mirrored: Bool) throws {
        GStreamerRuntime.ensureInitialized()
        var bytes = [UInt8]()
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let (r, g, b) = Self.colour(x: x, y: y)
                bytes += [UInt8(r), UInt8(g), UInt8(b)]
            }
        }
        var info = GstVideoInfo()
        gst_video_info_init(&info)
        #expect(gst_video_info_set_format(&info, GST_VIDEO_FORMAT_RGB, UInt32(Self.side), UInt32(Self.side)) != 0)
        let stride = Int(info.stride.0)
        var padded = [UInt8](repeating: 0, count: stride * Self.side)
        for row in 0..<Self.side { padded.replaceSubrange(row * stride..<row * stride + Self.side * 3, with: bytes[row * Self.side * 3..<(row + 1) * Self.side * 3]) }
        let picture = try padded.withUnsafeMutableBytes { pixels in
            var source = GstVideoFrame()
            source.info = info
            source.data.0 = pixels.baseAddress
            let scaled = FrameScaler().screenPicture(of: &source, region: PixelRect(x: 0, y: 0, width: Self.side, height: Self.side),
                                                     side: Self.side, mirrored: mirrored)
            return try #require(scaled)
        }
        #expect(picture.mirrored == mirrored && picture.stride == Self.side * 4)
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let shown = CaptureTestSupport.rgb(picture, x: x, y: y)
                let (r, g, b) = Self.colour(x: mirrored ? Self.side - 1 - x : x, y: y)
                #expect([shown.0, shown.1, shown.2, Int(CaptureTestSupport.alpha(picture, x: x, y: y))] == [r, g, b, 255],
                        "pixel \(x),\(y)")
            }
        }
    }
}
