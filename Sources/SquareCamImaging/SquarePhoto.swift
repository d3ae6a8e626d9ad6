#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCore

/// Turns a captured frame into the square JPEG that is saved: the same code
/// for `squarecam shoot` and the app, so both save exactly what was framed.
public enum SquarePhoto {
    /// What to make of a frame (Core's, so the controller can ask without linking this module).
    public typealias Options = SquarePhotoOptions

    /// An encoded square photo.
    public struct Encoded: Sendable {
        public let jpeg: [UInt8]
        public let size: PixelSize
    }

    /// Encodes the square of `frame` with fresh EXIF (taken `date`, by `camera`).
    public static func encode(
        _ frame: Frame, options: Options = Options(), camera: CameraDescription?, date: Date = Date(), timeZone: TimeZone = .current
    ) throws(ImagingError) -> Encoded {
        let region = try square(of: frame, options: options)
        var source = frame
        var sourceRegion: PixelRect? = region
        if options.mirrored {
            source = frame.copying(region: region, mirrored: true)
            sourceRegion = nil
        }
        if let side = options.side, side < region.width {
            source = resize(source, region: sourceRegion ?? source.size.bounds, side: side)
            sourceRegion = nil
        }
        let outputSize = sourceRegion?.size ?? source.size
        let exif = try ExifMetadata.newPhoto(
            date: date, timeZone: timeZone,
            // No camera list says who made a camera (the portal's and V4L2's give a name only):
            // Make stays empty rather than repeat the Model. SquareCam makes its own pictures.
            make: camera?.facing == .virtual ? "SquareCam" : nil,
            model: camera?.name,
            software: SquareCamVersion.software,
            pixelSize: outputSize
        )
        let jpeg = try JPEGEncoder.encode(source, region: sourceRegion, quality: options.quality, exif: exif)
        return Encoded(jpeg: jpeg, size: outputSize)
    }

    /// The square of `frame` as a round avatar: a PNG whose corners outside
    /// the circle are transparent (`Frame.cutToCircle`), the same pixels the
    /// JPEG photo of `options` would hold. A PNG carries no EXIF here, as in
    /// `crop --circle`.
    public static func encodeRoundAvatar(_ frame: Frame, options: Options = Options()) throws(ImagingError) -> [UInt8] {
        let region = try square(of: frame, options: options)
        var square = frame.copying(region: region, mirrored: options.mirrored)
        if let side = options.side, side < square.size.width {
            square = resize(square, region: square.size.bounds, side: side)
        }
        return try PNGCodec.encode(square.convertedToRGB().cutToCircle())
    }

    /// The square `options` asks for (the centred one by default), checked to lie in `frame`.
    private static func square(of frame: Frame, options: Options) throws(ImagingError) -> PixelRect {
        let region = options.region ?? frame.size.centeredSquare
        guard region.isSquare, frame.size.contains(region), !region.isEmpty else {
            throw .invalidRequest(detail: "the square \(region) is not inside the \(frame.size) frame")
        }
        return region
    }

    /// Lanczos-3 of the square to side×side. I420 is resampled plane by
    /// plane, so a camera frame never goes through RGB on its way to JPEG.
    private static func resize(_ frame: Frame, region: PixelRect, side: Int) -> Frame {
        guard frame.layout == .i420 else {
            return LanczosResampler.resize(frame, source: region.rect2D, to: PixelSize(width: side, height: side))
        }
        let planes = frame.planes.indices.map { index in
            let scale = index == 0 ? 1.0 : 2.0
            let planeSize = index == 0
                ? frame.size
                : PixelSize(width: (frame.size.width + 1) / 2, height: (frame.size.height + 1) / 2)
            let gray = Frame(size: planeSize, layout: .gray, planes: [frame.planes[index]])
            let source = Rect2D(
                x: Double(region.x) / scale, y: Double(region.y) / scale,
                width: Double(region.width) / scale, height: Double(region.height) / scale)
            let target = index == 0 ? side : (side + 1) / 2
            return LanczosResampler.resize(gray, source: source, to: PixelSize(width: target, height: target)).planes[0]
        }
        return Frame(size: PixelSize(width: side, height: side), layout: .i420, planes: planes)
    }
}
