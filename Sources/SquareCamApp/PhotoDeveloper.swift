import CGtk
import Foundation
import SquareCamCore
import SquareCamImaging

/// A photo taken and not yet forgotten: its full-resolution frame, and the
/// JPEG of its current square once encoded.
struct Shot: Sendable {
    let frame: Frame
    let camera: CameraDescription
    let date: Date
    var encoded: (crop: PixelRect, jpeg: [UInt8])?
}

/// Turns frames into the bytes that are saved and the textures that are shown.
enum PhotoDeveloper {
    /// The JPEG file for `crop` of the shot, with the new photo's EXIF.
    /// Runs off the main thread: encoding takes tens of milliseconds.
    /// The same encoder as `squarecam shoot`, so both save exactly what was framed.
    static func encode(_ shot: Shot, crop: PixelRect) throws -> [UInt8] {
        try SquarePhoto.encode(shot.frame, options: SquarePhoto.Options(region: crop), camera: shot.camera, date: shot.date).jpeg
    }

    /// The whole frame, for the crop editor: a lighter JPEG, only ever shown.
    static func preview(_ frame: Frame) throws -> [UInt8] {
        try JPEGEncoder.encode(frame, quality: 85)
    }

    /// A texture decoded from JPEG bytes; the caller owns the reference.
    @MainActor
    static func texture(jpeg: [UInt8]) -> OpaquePointer? {
        let bytes = jpeg.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        let texture = gdk_texture_new_from_bytes(bytes, &error)
        if let error {
            Log.line("squarecam: the photo could not be shown: \(String(cString: error.pointee.message))")
            g_error_free(error)
        }
        return texture
    }

    /// File names that sort by time (Core's `PhotoFileName`, as `shoot` names them).
    static func fileName(for date: Date, attempt: Int) -> String {
        PhotoFileName().name(for: date, sequence: attempt)
    }
}
