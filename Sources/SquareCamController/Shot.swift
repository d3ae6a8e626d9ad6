import Foundation
import SquareCamCore

/// A photo taken and not yet forgotten: its full-resolution frame and the
/// JPEG of a square of it, encoded in the background while the review shows.
public struct Shot: Sendable {
    public let frame: Frame
    public let camera: CameraDescription
    public let date: Date
    let encoder: any PhotoEncoder
    var encoding: (options: SquarePhotoOptions, jpeg: Task<[UInt8], any Error>)?

    init(frame: Frame, camera: CameraDescription, date: Date, encoder: any PhotoEncoder) {
        self.frame = frame
        self.camera = camera
        self.date = date
        self.encoder = encoder
    }

    /// Starts encoding off the main thread, so Save rarely waits.
    mutating func startEncoding(_ options: SquarePhotoOptions) {
        let shot = self
        encoding = (options, Task.detached(priority: .utility) { try shot.encode(options) })
    }

    /// The JPEG file for `options`: the one encoding already, or a new encode.
    func jpeg(_ options: SquarePhotoOptions) async throws -> [UInt8] {
        if let encoding, encoding.options == options { return try await encoding.jpeg.value }
        return try encode(options)
    }

    /// The file a save writes: the JPEG, or for a round avatar a PNG (made
    /// when asked: the editor's choice comes after the encoding began).
    func file(_ options: SquarePhotoOptions, shape: CapturedPhoto.Shape) async throws -> [UInt8] {
        switch shape {
        case .square: try await jpeg(options)
        case .round: try encoder.roundAvatar(of: frame, options: options)
        }
    }

    /// The same encoder as `squarecam shoot`, so both save exactly what was framed.
    private func encode(_ options: SquarePhotoOptions) throws -> [UInt8] {
        try encoder.photo(of: frame, options: options, camera: camera, date: date)
    }
}
