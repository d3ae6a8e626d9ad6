import CGtk
import Foundation
import SquareCamController
import SquareCamCore

/// Turns frames into the pictures that are shown (the saved bytes are the controller's).
enum PhotoDeveloper {
    /// `crop` of the frame at `side`×`side` pixels, for the review page: one
    /// GStreamer scaling pass, a few milliseconds, so review does not wait for
    /// the JPEG. Converted as JPEG decoders convert (full-range BT.601).
    static func reviewImage(of frame: Frame, crop: PixelRect, side: Int, scaler: CaptureController.DisplayScaler?) -> DisplayImage? {
        let size = PixelSize(width: max(1, side), height: max(1, side))
        return scaler?(frame, crop, size).flatMap { DisplayImage(frame: $0) }
    }

    /// The whole frame no larger than `longSide` on its long side, for the crop editor.
    static func editorImage(of frame: Frame, longSide: Int, scaler: CaptureController.DisplayScaler?) -> DisplayImage? {
        let scale = min(1, Double(longSide) / Double(max(frame.size.width, frame.size.height)))
        let size = PixelSize(width: max(1, Int((Double(frame.size.width) * scale).rounded())),
                             height: max(1, Int((Double(frame.size.height) * scale).rounded())))
        return scaler?(frame, frame.size.bounds, size).flatMap { DisplayImage(frame: $0) }
    }

}
