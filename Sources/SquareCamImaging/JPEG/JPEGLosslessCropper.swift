import CJPEG
import SquareCamCore

/// A square cut out of a JPEG in the DCT domain: no decode, no re-encode.
public struct LosslessCrop: Sendable {
    /// The new JPEG, upright (Orientation 1 when `exif` was given).
    public var jpeg: [UInt8]
    /// The square in the upright image, starting on an iMCU boundary.
    public var square: PixelRect
    /// How far the square's centre lies from the upright image's centre, in pixels (right and down are positive).
    public var offsetFromCenter: (x: Double, y: Double)
    /// The iMCU the square is aligned to (8 or 16 pixels a side).
    public var block: PixelSize
}

/// Lossless square crops in the DCT domain, turned and flipped per the EXIF
/// orientation in the same step: by our transcoder (JPEGDecoder.transcode), or
/// TurboJPEG's (TurboJPEGTransform) where ours may not run or is turned off.
public enum JPEGLosslessCropper {
    /// Crops the upright square nearest the centre whose origin is on the
    /// iMCU grid. Partial iMCUs that a rotation would move to the top or left
    /// edge are trimmed first (less than one block). `exif` and `iccProfile`
    /// are written into the result; pass the EXIF already updated (Orientation 1).
    /// `libjpegOnly`: TurboJPEG's transformer even where ours may run (the same coefficients).
    /// Damage anywhere in the file fails the crop unless `acceptsDamage`.
    public static func crop(
        _ jpeg: [UInt8], header: JPEGHeader, orientation: Orientation,
        exif: ((PixelSize) throws(ImagingError) -> ExifMetadata?)? = nil, iccProfile: [UInt8]? = nil,
        maxPixels: Int = ImageDefaults.maxPixels, libjpegOnly: Bool = false, acceptsDamage: Bool = false
    ) throws(ImagingError) -> LosslessCrop {
        let ours = JPEGDecompressor.ownPathsUsable && !libjpegOnly
        return try crop(header: header, orientation: orientation, exif: exif, iccProfile: iccProfile) {
            (square, transform) throws(ImagingError) in
            ours ? try JPEGDecoder.transcode(jpeg, transform: transform, crop: square, maxPixels: maxPixels, acceptsDamage: acceptsDamage)
                 : try TurboJPEGTransform.crop(jpeg, storedBlock: header.blockSize, transform: transform, crop: square,
                                               maxPixels: maxPixels, acceptsDamage: acceptsDamage)
        }
    }

    /// As above, the DCT-domain cut made by `cut` (our transcoder on the
    /// crop's own decompressor, or TurboJPEG's), as the crop plan says.
    static func crop(
        header: JPEGHeader, orientation: Orientation,
        exif: ((PixelSize) throws(ImagingError) -> ExifMetadata?)?, iccProfile: [UInt8]?,
        cut: (_ square: PixelRect, _ transform: TJXOP) throws(ImagingError) -> [UInt8]
    ) throws(ImagingError) -> LosslessCrop {
        let storedBlock = header.blockSize
        let block = orientation.swapsAxes
            ? PixelSize(width: storedBlock.height, height: storedBlock.width) : storedBlock
        let upright = uprightSizeAfterTrim(header.size, block: storedBlock, orientation: orientation)
        let side = upright.shortSide
        guard side > 0 else { throw .invalidRequest(detail: "the image is smaller than one JPEG block; it cannot be cropped losslessly") }
        let centred = PixelRect(x: (upright.width - side) / 2, y: (upright.height - side) / 2, width: side, height: side)
        guard let alignedX = centred.alignedOrigin(toBlock: block.width, within: upright),
              let alignedY = centred.alignedOrigin(toBlock: block.height, within: upright) else {
            throw .invalidRequest(detail: "no block-aligned square fits the image")
        }
        let square = PixelRect(x: alignedX.rect.x, y: alignedY.rect.y, width: side, height: side)
        let transform = operation(for: orientation)
        let cropped = try cut(square, transform)
        let metadata = try exif?(PixelSize(width: side, height: side))
        let fullUpright = orientation.displayedSize(forStored: header.size)
        // The trimmed image loses its partial blocks on the side the transform
        // moved them to; measure the offset in the untrimmed upright frame.
        let shift = trimShift(header.size, upright: upright, full: fullUpright, orientation: orientation)
        let inFull = square.offsetBy(dx: shift.x, dy: shift.y)
        return LosslessCrop(
            jpeg: JPEGMarkers.inserting(exif: metadata?.app1Payload, icc: iccProfile, into: cropped),
            square: inFull,
            offsetFromCenter: (inFull.center.x - Double(fullUpright.width) / 2, inFull.center.y - Double(fullUpright.height) / 2),
            block: block)
    }

    /// The transform that shows a stored image upright.
    static func operation(for orientation: Orientation) -> TJXOP {
        switch orientation {
        case .up: TJXOP_NONE
        case .upMirrored: TJXOP_HFLIP
        case .down: TJXOP_ROT180
        case .downMirrored: TJXOP_VFLIP
        case .leftMirrored: TJXOP_TRANSPOSE
        case .right: TJXOP_ROT90
        case .rightMirrored: TJXOP_TRANSVERSE
        case .left: TJXOP_ROT270
        }
    }

    /// Which stored edges a transform moves to the top or left, where partial blocks cannot go.
    private static func trimmedEdges(_ orientation: Orientation) -> (right: Bool, bottom: Bool) {
        switch orientation {
        case .up, .leftMirrored: (false, false)
        case .upMirrored: (true, false)
        case .downMirrored: (false, true)
        case .down, .rightMirrored: (true, true)
        case .right: (false, true)
        case .left: (true, false)
        }
    }

    static func uprightSizeAfterTrim(_ stored: PixelSize, block: PixelSize, orientation: Orientation) -> PixelSize {
        let edges = trimmedEdges(orientation)
        let trimmed = PixelSize(
            width: edges.right ? stored.width / block.width * block.width : stored.width,
            height: edges.bottom ? stored.height / block.height * block.height : stored.height)
        return orientation.displayedSize(forStored: trimmed)
    }

    /// Where the trimmed upright image sits inside the untrimmed one.
    private static func trimShift(_ stored: PixelSize, upright: PixelSize, full: PixelSize, orientation: Orientation) -> (x: Int, y: Int) {
        // The stored bottom-right corner region is what is trimmed; find where
        // the stored origin lands in the full upright image: the trimmed image
        // keeps that corner's neighbourhood, so its origin is offset when the
        // stored origin is shown on the right or bottom.
        let origin = orientation.displayedPoint(forStored: PixelPoint(x: 0, y: 0), in: stored)
        return (origin.x > 0 ? full.width - upright.width : 0, origin.y > 0 ? full.height - upright.height : 0)
    }
}
