import Foundation
import SquareCamCore
import SquareCamImaging

/// The last photo, small, for the button beside the shutter: decoded at a
/// DCT scale and resampled straight to the button's size, off the main thread.
enum PhotoThumbnail {
    /// `side`×`side` device pixels of the photo's centre square; nil when it cannot be read.
    static func load(path: String, side: Int) -> DisplayImage? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 256 << 20,
              case let bytes = [UInt8](data), let header = try? JPEGDecoder.header(of: bytes)
        else { return nil }
        let square = header.size.centeredSquare
        guard let decoded = try? JPEGDecoder.decode(bytes, region: square, scaleEighths: 1,
                                                    outputSize: PixelSize(width: side, height: side))
        else { return nil }
        return DisplayImage(frame: rgba(decoded.frame))
    }

    /// RGB or gray to RGBA, opaque.
    private static func rgba(_ frame: Frame) -> Frame {
        let width = frame.size.width, height = frame.size.height
        let plane = frame.planes[0]
        let channels = frame.layout == .gray ? 1 : 3
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = y * plane.stride + x * channels, target = (y * width + x) * 4
                for channel in 0..<3 { bytes[target + channel] = plane.bytes[source + (channels == 1 ? 0 : channel)] }
            }
        }
        return Frame(size: frame.size, layout: .rgba, planes: [Frame.Plane(bytes: bytes, stride: width * 4)])
    }
}
