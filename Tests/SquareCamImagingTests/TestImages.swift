import Foundation
import SquareCamCore
@testable import SquareCamImaging

/// Synthetic frames and the photos in Tests/Fixtures, for the imaging tests.
enum TestImages {
    /// Tests/Fixtures, derived from this file's path (what is there and where
    /// it came from: Tests/Fixtures/SOURCES.md).
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(relative)))
    }

    /// A smooth colour gradient with a few sharp shapes: compresses well, so
    /// decoded pixels stay close to the original.
    static func gradient(width: Int, height: Int, layout: Frame.Layout = .rgb) -> Frame {
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let r = x * 255 / max(1, width - 1)
            let g = y * 255 / max(1, height - 1)
            let b = (x / 64 + y / 64) % 2 == 0 ? 60 : 190
            return (r, g, b)
        }
        switch layout {
        case .rgb, .rgba:
            let channels = layout == .rgb ? 3 : 4
            let stride = width * channels + 5  // padding: strides must be honoured
            var bytes = [UInt8](repeating: 0, count: stride * height)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = rgb(x, y)
                    bytes[y * stride + x * channels] = UInt8(r)
                    bytes[y * stride + x * channels + 1] = UInt8(g)
                    bytes[y * stride + x * channels + 2] = UInt8(b)
                    if channels == 4 { bytes[y * stride + x * channels + 3] = 255 }
                }
            }
            return Frame(size: PixelSize(width: width, height: height), layout: layout,
                         planes: [Frame.Plane(bytes: bytes, stride: stride)])
        case .gray:
            var bytes = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height { for x in 0..<width { let (r, g, _) = rgb(x, y); bytes[y * width + x] = UInt8((r + g) / 2) } }
            return Frame(size: PixelSize(width: width, height: height), layout: .gray,
                         planes: [Frame.Plane(bytes: bytes, stride: width)])
        case .i420:
            let cw = (width + 1) / 2, ch = (height + 1) / 2
            var yPlane = [UInt8](repeating: 0, count: width * height)
            var uPlane = [UInt8](repeating: 0, count: cw * ch)
            var vPlane = [UInt8](repeating: 0, count: cw * ch)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = rgb(x, y)
                    yPlane[y * width + x] = UInt8(clamping: (77 * r + 150 * g + 29 * b) >> 8)
                    if x % 2 == 0 && y % 2 == 0 {
                        uPlane[y / 2 * cw + x / 2] = UInt8(clamping: ((-43 * r - 85 * g + 128 * b) >> 8) + 128)
                        vPlane[y / 2 * cw + x / 2] = UInt8(clamping: ((128 * r - 107 * g - 21 * b) >> 8) + 128)
                    }
                }
            }
            return Frame(size: PixelSize(width: width, height: height), layout: .i420, planes: [
                Frame.Plane(bytes: yPlane, stride: width),
                Frame.Plane(bytes: uPlane, stride: cw),
                Frame.Plane(bytes: vPlane, stride: cw),
            ])
        }
    }

    /// The pixel at (x, y) as RGB (gray repeated; I420 converted with BT.601).
    static func pixel(_ frame: Frame, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        switch frame.layout {
        case .rgb, .rgba:
            let channels = frame.layout == .rgb ? 3 : 4
            let plane = frame.planes[0]
            let offset = y * plane.stride + x * channels
            return (Int(plane.bytes[offset]), Int(plane.bytes[offset + 1]), Int(plane.bytes[offset + 2]))
        case .gray:
            let value = Int(frame.planes[0].bytes[y * frame.planes[0].stride + x])
            return (value, value, value)
        case .i420:
            let luma = Double(frame.planes[0].bytes[y * frame.planes[0].stride + x])
            let u = Double(frame.planes[1].bytes[y / 2 * frame.planes[1].stride + x / 2]) - 128
            let v = Double(frame.planes[2].bytes[y / 2 * frame.planes[2].stride + x / 2]) - 128
            func clamp(_ value: Double) -> Int { Int(max(0, min(255, value.rounded()))) }
            return (clamp(luma + 1.402 * v), clamp(luma - 0.344 * u - 0.714 * v), clamp(luma + 1.772 * u))
        }
    }

    /// Mean absolute difference per channel between `a` and the `region` of `b`.
    static func meanDifference(_ a: Frame, _ b: Frame, regionOfB: PixelRect? = nil) -> Double {
        let region = regionOfB ?? PixelRect(x: 0, y: 0, width: b.size.width, height: b.size.height)
        precondition(a.size == region.size, "\(a.size) vs \(region.size)")
        var total = 0
        for y in 0..<a.size.height {
            for x in 0..<a.size.width {
                let p = pixel(a, x, y), q = pixel(b, region.x + x, region.y + y)
                total += abs(p.0 - q.0) + abs(p.1 - q.1) + abs(p.2 - q.2)
            }
        }
        return Double(total) / Double(a.size.area * 3)
    }
}
