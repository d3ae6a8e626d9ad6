import CGtk
import Foundation
import SquareCamCapture
import SquareCamCore
import SquareCamImaging

/// A photo taken and not yet forgotten: its full-resolution frame, the JPEG
/// of a square of it (encoding in the background once the review shows),
/// and the picture on the review page.
struct Shot: Sendable {
    let frame: Frame
    let camera: CameraDescription
    let date: Date
    var encoding: (crop: PixelRect, jpeg: Task<[UInt8], any Error>)?
    var review: (crop: PixelRect, image: DisplayImage)?

    /// The JPEG file of `crop`: the one encoding already, or a new encode.
    func jpeg(crop: PixelRect) async throws -> [UInt8] {
        if let encoding, encoding.crop == crop { return try await encoding.jpeg.value }
        return try PhotoDeveloper.encode(self, crop: crop)
    }
}

/// Turns frames into the bytes that are saved and the pictures that are shown.
enum PhotoDeveloper {
    /// The JPEG file for `crop` of the shot, with the new photo's EXIF.
    /// Runs off the main thread: encoding takes tens of milliseconds.
    /// The same encoder as `squarecam shoot`, so both save exactly what was framed.
    static func encode(_ shot: Shot, crop: PixelRect) throws -> [UInt8] {
        try SquarePhoto.encode(shot.frame, options: SquarePhoto.Options(region: crop), camera: shot.camera, date: shot.date).jpeg
    }

    /// `crop` of the frame at `side`×`side` pixels, for the review page: one
    /// GStreamer scaling pass, a few milliseconds, so review does not wait for
    /// the JPEG. Converted as JPEG decoders convert (full-range BT.601).
    static func reviewImage(of frame: Frame, crop: PixelRect, side: Int) -> DisplayImage? {
        let size = PixelSize(width: max(1, side), height: max(1, side))
        return FrameScaling.rgba(of: frame, region: crop, size: size).flatMap { DisplayImage(frame: $0) }
    }

    /// The whole frame no larger than `longSide` on its long side, for the crop editor.
    static func editorImage(of frame: Frame, longSide: Int) -> DisplayImage? {
        let scale = min(1, Double(longSide) / Double(max(frame.size.width, frame.size.height)))
        let size = PixelSize(width: max(1, Int((Double(frame.size.width) * scale).rounded())),
                             height: max(1, Int((Double(frame.size.height) * scale).rounded())))
        return FrameScaling.rgba(of: frame, region: frame.size.bounds, size: size).flatMap { DisplayImage(frame: $0) }
    }

    /// File names that sort by time (Core's `PhotoFileName`, as `shoot` names them).
    static func fileName(for date: Date, attempt: Int) -> String {
        PhotoFileName().name(for: date, sequence: attempt)
    }
}
