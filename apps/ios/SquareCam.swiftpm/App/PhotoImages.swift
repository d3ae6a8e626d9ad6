import CoreGraphics
import SquareCamCore
import UIKit

/// RGBA pixels as UIKit images: every CoreGraphics call that makes a
/// bitmap is in this file.
enum PhotoImages {
    /// `frame` (RGBA) as an image, cut to `crop` when given; nil if it is not RGBA or CoreGraphics refuses it.
    static func uiImage(of frame: Frame, cropTo crop: PixelRect?) -> UIImage? {
        guard frame.layout == .rgba,
              let image = cgImage(rgba: frame.planes[0].bytes, width: frame.size.width, height: frame.size.height,
                                  bytesPerRow: frame.planes[0].stride, alpha: .noneSkipLast) else { return nil }
        guard let crop else { return UIImage(cgImage: image) }
        let rect = CGRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
        return image.cropping(to: rect).map { UIImage(cgImage: $0) }
    }

    /// A bitmap of packed RGBA rows; `alpha` says how the fourth byte is read
    /// (premultiplied for the round avatar's clear corners).
    static func cgImage(rgba bytes: [UInt8], width: Int, height: Int, bytesPerRow: Int, alpha: CGImageAlphaInfo) -> CGImage? {
        guard width > 0, height > 0, bytes.count >= bytesPerRow * height,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue),
              let target = context.data else { return nil }
        // The context may pad its rows: copy row by row.
        bytes.withUnsafeBytes { source in
            for row in 0..<height {
                target.advanced(by: row * context.bytesPerRow)
                    .copyMemory(from: source.baseAddress!.advanced(by: row * bytesPerRow), byteCount: width * 4)
            }
        }
        return context.makeImage()
    }
}
