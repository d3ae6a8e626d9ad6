import SquareCamCore

/// A code found in a picture: what it says and where it is.
public struct ReadCode: Hashable, Sendable, Codable {
    /// The code's content as text (zbar turns a QR code's bytes into UTF-8).
    public var text: String
    /// The symbology as zbar names it: "QR-Code".
    public var format: String
    /// The code's outline in the picture's pixels: for a QR code its four
    /// corners, in the order zbar gives them (top-left of the code first).
    public var corners: [PixelPoint]

    public init(text: String, format: String, corners: [PixelPoint]) {
        self.text = text
        self.format = format
        self.corners = corners
    }

    /// The same code with its corners in a picture `factor` times as large
    /// (a code read in the analysis branch's scaled frame, placed in the camera's).
    public func scaled(by factor: Double) -> ReadCode {
        var copy = self
        copy.corners = corners.map {
            PixelPoint(x: Int((Double($0.x) * factor).rounded()), y: Int((Double($0.y) * factor).rounded()))
        }
        return copy
    }
}
