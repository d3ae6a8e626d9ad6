import SquareCamCore

/// CMYK JPEGs (print files, mostly from Photoshop) become RGB by the plain
/// formula R = (1−C)(1−K) and so on, without a colour profile: SquareCam
/// makes photos for screens, and a CMYK ICC profile cannot describe the RGB
/// result, so it is not carried over. Colours can shift against a
/// colour-managed conversion; the picture is right side up and complete.
enum CMYKConversion {
    /// `inverted`: Adobe applications store 255 − ink; others store the ink.
    static func rgbFrame(fromCMYK cmyk: [UInt8], width: Int, height: Int, inverted: Bool) -> Frame {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        cmyk.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(width * height) {
                    var c = Int(source[pixel * 4]), m = Int(source[pixel * 4 + 1])
                    var y = Int(source[pixel * 4 + 2]), k = Int(source[pixel * 4 + 3])
                    if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                    // c, m, y, k now hold 255 − ink: the light each lets through.
                    target[pixel * 3] = UInt8((c * k + 127) / 255)
                    target[pixel * 3 + 1] = UInt8((m * k + 127) / 255)
                    target[pixel * 3 + 2] = UInt8((y * k + 127) / 255)
                }
            }
        }
        return Frame(size: PixelSize(width: width, height: height), layout: .rgb,
                     planes: [Frame.Plane(bytes: rgb, stride: width * 3)])
    }
}
