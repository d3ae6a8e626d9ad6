import SquareCamCore

/// A camera's 32BGRA pixel buffer copied into an upright RGBA `Frame`, the
/// form the shared flow, the review and the encoder take.
public enum UprightFrame {
    /// Copies `width`×`height` BGRA pixels, `bytesPerRow` apart, from
    /// `bytes` (a locked `CVPixelBuffer`'s base address), turned by
    /// `orientation` (stored → displayed) and swizzled to RGBA, alpha opaque.
    public static func rgba(fromBGRA bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                            orientation: Orientation) -> Frame {
        let stored = PixelSize(width: width, height: height)
        let shown = orientation.displayedSize(forStored: stored)
        var output = [UInt8](repeating: 255, count: shown.area * 4)
        guard !stored.isEmpty else { return Frame(size: shown, layout: .rgba, planes: [.init(bytes: output, stride: shown.width * 4)]) }
        precondition(bytes.count >= (height - 1) * bytesPerRow + width * 4, "the buffer holds fewer bytes than its size says")
        // The stored pixel under each displayed one moves by a fixed step per
        // column and per row: three corners give the whole mapping.
        let origin = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: 0), storedSize: stored)
        let nextColumn = orientation.storedPoint(forDisplayed: PixelPoint(x: min(1, shown.width - 1), y: 0), storedSize: stored)
        let nextRow = orientation.storedPoint(forDisplayed: PixelPoint(x: 0, y: min(1, shown.height - 1)), storedSize: stored)
        let columnStep = (nextColumn.x - origin.x) * 4 + (nextColumn.y - origin.y) * bytesPerRow
        let rowStep = (nextRow.x - origin.x) * 4 + (nextRow.y - origin.y) * bytesPerRow
        output.withUnsafeMutableBytes { target in
            var rowStart = origin.y * bytesPerRow + origin.x * 4
            var out = 0
            for _ in 0..<shown.height {
                var source = rowStart
                for _ in 0..<shown.width {
                    target[out] = bytes[source + 2]
                    target[out + 1] = bytes[source + 1]
                    target[out + 2] = bytes[source]
                    out += 4
                    source += columnStep
                }
                rowStart += rowStep
            }
        }
        return Frame(size: shown, layout: .rgba, planes: [.init(bytes: output, stride: shown.width * 4)])
    }
}
