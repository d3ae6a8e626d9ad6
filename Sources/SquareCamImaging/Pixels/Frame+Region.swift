import SquareCamCore

extension Frame {
    /// A copy of `region` of this frame, optionally mirrored left to right
    /// (a selfie saved the way the viewfinder showed it). For I420 the region's
    /// origin and size are rounded to even, so the chroma planes line up.
    public func copying(region requested: PixelRect, mirrored: Bool = false) -> Frame {
        var region = requested
        if layout == .i420 {
            region.x &= ~1
            region.y &= ~1
            region.width = max(2, region.width & ~1)
            region.height = max(2, region.height & ~1)
        }
        precondition(size.contains(region), "region \(region) outside the \(size) frame")
        let newPlanes = planes.indices.map { index in
            let scale = index == 0 ? 1 : 2  // I420 chroma planes are half size
            let bytesPerPixel = layout.bytesPerPixel
            return Self.copyPlane(
                planes[index],
                x: region.x / scale, y: region.y / scale,
                width: region.width / scale, height: region.height / scale,
                bytesPerPixel: bytesPerPixel, mirrored: mirrored
            )
        }
        return Frame(size: region.size, layout: layout, planes: newPlanes)
    }

    private static func copyPlane(
        _ plane: Plane, x: Int, y: Int, width: Int, height: Int, bytesPerPixel: Int, mirrored: Bool
    ) -> Plane {
        let rowBytes = width * bytesPerPixel
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        bytes.withUnsafeMutableBufferPointer { target in
            plane.bytes.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    let from = (y + row) * plane.stride + x * bytesPerPixel
                    let to = row * rowBytes
                    if !mirrored {
                        target.baseAddress!.advanced(by: to)
                            .update(from: source.baseAddress!.advanced(by: from), count: rowBytes)
                        continue
                    }
                    for column in 0..<width {
                        let sourcePixel = from + (width - 1 - column) * bytesPerPixel
                        let targetPixel = to + column * bytesPerPixel
                        for channel in 0..<bytesPerPixel {
                            target[targetPixel + channel] = source[sourcePixel + channel]
                        }
                    }
                }
            }
        }
        return Plane(bytes: bytes, stride: rowBytes)
    }
}
