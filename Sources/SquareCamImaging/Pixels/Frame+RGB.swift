import SquareCamCore

extension Frame {
    /// An I420 frame as RGB, converted as a JPEG decoder converts the same
    /// samples (JFIF: full-range BT.601, chroma upsampled by the triangle
    /// filter libjpeg calls fancy upsampling), so a PNG made from a camera
    /// frame has the colours its JPEG photo has. Other layouts come back as they are.
    public func convertedToRGB() -> Frame {
        guard layout == .i420 else { return self }
        let width = size.width, height = size.height
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let luma = planes[0], blue = planes[1], red = planes[2]
        var output = [UInt8](repeating: 0, count: width * height * 3)
        /// The chroma sample at output pixel (x, y): 9/16 of the nearest
        /// sample, 3/16 of each neighbour toward the pixel, 1/16 of the diagonal one.
        func upsampled(_ plane: Plane, _ x: Int, _ y: Int) -> Double {
            let cx = x / 2, cy = y / 2
            let nx = min(max(x & 1 == 0 ? cx - 1 : cx + 1, 0), chromaWidth - 1)
            let ny = min(max(y & 1 == 0 ? cy - 1 : cy + 1, 0), chromaHeight - 1)
            func sample(_ sx: Int, _ sy: Int) -> Double { Double(plane.bytes[sy * plane.stride + sx]) }
            return (9 * sample(cx, cy) + 3 * sample(nx, cy) + 3 * sample(cx, ny) + sample(nx, ny)) / 16
        }
        func clamped(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        for y in 0..<height {
            for x in 0..<width {
                let l = Double(luma.bytes[y * luma.stride + x])
                let cb = upsampled(blue, x, y) - 128, cr = upsampled(red, x, y) - 128
                let at = (y * width + x) * 3
                output[at] = clamped(l + 1.402 * cr)
                output[at + 1] = clamped(l - 0.344136 * cb - 0.714136 * cr)
                output[at + 2] = clamped(l + 1.772 * cb)
            }
        }
        return Frame(size: size, layout: .rgb, planes: [Plane(bytes: output, stride: width * 3)])
    }
}
