import SquareCamCore

extension Frame {
    /// The frame's luma (BT.601 weights) as a gray frame, shrunk by `scale`
    /// (1: the frame's own size). Shrinks before converting, so a large colour
    /// frame costs one Lanczos pass, not a full-size conversion.
    func lumaFrame(scaledBy scale: Double) -> Frame {
        // I420's first plane is the luma already.
        let start = layout == .i420 ? Frame(size: size, layout: .gray, planes: [planes[0]]) : self
        let target = PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())),
                               height: max(1, Int((Double(size.height) * scale).rounded())))
        let shrunk = target == size ? start : LanczosResampler.resize(start, source: size.bounds.rect2D, to: target)
        guard shrunk.layout != .gray else { return shrunk }
        let channels = shrunk.layout.channelCount
        let source = shrunk.planes[0]
        var luma = [UInt8](repeating: 0, count: target.area)
        source.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<target.height {
                var offset = y * source.stride
                for x in 0..<target.width {
                    let (r, g, b) = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
                    luma[y * target.width + x] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
                    offset += channels
                }
            }
        }
        return Frame(size: target, layout: .gray, planes: [Frame.Plane(bytes: luma, stride: target.width)])
    }
}
