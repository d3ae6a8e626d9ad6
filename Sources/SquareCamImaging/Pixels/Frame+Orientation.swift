import SquareCamCore

extension Frame {
    /// The frame as a viewer shows it for `orientation`: turned and mirrored
    /// so it is upright. RGB, RGBA and gray frames.
    public func applying(_ orientation: Orientation) -> Frame {
        guard orientation != .up else { return self }
        precondition(layout != .i420, "orient RGB, RGBA or gray frames")
        let channels = layout == .rgb ? 3 : layout == .rgba ? 4 : 1
        let shown = orientation.displayedSize(forStored: size)
        // Displayed → stored is affine: find where the origin and one step
        // along each displayed axis land, then walk with those increments.
        let origin = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: 0), storedSize: size)
        let stepX = orientation.storedPoint(forDisplayed: PixelPoint(x: min(1, shown.width - 1), y: 0), storedSize: size)
        let stepY = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: min(1, shown.height - 1)), storedSize: size)
        let stride = planes[0].stride
        let start = origin.y * stride + origin.x * channels
        let alongX = shown.width > 1 ? (stepX.y - origin.y) * stride + (stepX.x - origin.x) * channels : 0
        let alongY = shown.height > 1 ? (stepY.y - origin.y) * stride + (stepY.x - origin.x) * channels : 0
        let outStride = shown.width * channels
        var result = [UInt8](repeating: 0, count: outStride * shown.height)
        planes[0].bytes.withUnsafeBufferPointer { input in
            result.withUnsafeMutableBufferPointer { output in
                let source = input.baseAddress!, target = output.baseAddress!
                for row in 0..<shown.height {
                    var from = start + row * alongY
                    let line = target + row * outStride
                    for column in 0..<shown.width {
                        for channel in 0..<channels { line[column * channels + channel] = source[from + channel] }
                        from += alongX
                    }
                }
            }
        }
        return Frame(size: shown, layout: layout, planes: [Frame.Plane(bytes: result, stride: outStride)])
    }
}
