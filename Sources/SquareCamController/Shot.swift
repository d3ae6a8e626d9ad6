import Foundation
import SquareCamCore
import SquareCamImaging

/// A photo taken and not yet forgotten: its full-resolution frame and the
/// JPEG of a square of it, encoded in the background while the review shows.
public struct Shot: Sendable {
    public let frame: Frame
    public let camera: CameraDescription
    public let date: Date
    var encoding: (crop: PixelRect, jpeg: Task<[UInt8], any Error>)?

    init(frame: Frame, camera: CameraDescription, date: Date) {
        self.frame = frame
        self.camera = camera
        self.date = date
    }

    /// Starts encoding `crop` off the main thread, so Save rarely waits.
    mutating func startEncoding(crop: PixelRect) {
        let shot = self
        encoding = (crop, Task.detached(priority: .utility) { try shot.encode(crop: crop) })
    }

    /// The JPEG file of `crop`: the one encoding already, or a new encode.
    func jpeg(crop: PixelRect) async throws -> [UInt8] {
        if let encoding, encoding.crop == crop { return try await encoding.jpeg.value }
        return try encode(crop: crop)
    }

    /// The same encoder as `squarecam shoot`, so both save exactly what was framed.
    private func encode(crop: PixelRect) throws -> [UInt8] {
        try SquarePhoto.encode(frame, options: SquarePhoto.Options(region: crop), camera: camera, date: date).jpeg
    }
}
