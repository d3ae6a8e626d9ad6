import SquareCamCore

extension SquareCropper {
    /// A 16-bit PNG's square as a 16-bit PNG: the square the 8-bit path
    /// would take, cropped (or resized) with every sample as stored, in the
    /// same colour type, with the colour chunks copied, so it means the same
    /// colours. `.strip` writes no chunk but the pixels'.
    static func cropSixteenBitPNG(_ bytes: [UInt8], options: CropOptions) throws(ImagingError) -> CropResult {
        let square: PixelRect
        if options.mode == .smart || options.mode == .face {
            // Smart scores the 8-bit decode it always scored, so it picks
            // the very square it did before this path existed.
            let preview = try PNGCodec.decode(bytes, keepAlpha: true, maxPixels: options.maxPixels)
            square = try Self.square(of: preview, mode: options.mode)
        } else {
            square = try PNGCodec.size(of: bytes).centeredSquare
        }
        let side = min(options.size ?? square.width, square.width)
        let outputSize = PixelSize(width: side, height: side)
        let (cropped, inputSize) = try sixteenBitSquare(bytes, square: square, size: outputSize, options: options)
        let output = options.circle
            ? try PNGCodec.encode16(cropped.frame.cutToCircle(), colorChunks: cropped.colorChunks)
            : try PNGCodec.encode16(cropped.frame, colorChunks: cropped.colorChunks, transparentKey: cropped.transparentKey)
        return CropResult(bytes: output, format: .png, outputSize: outputSize, inputSize: inputSize,
                          square: square, losslessOffset: nil)
    }

    /// The square's pixels and the chunks to write with them, and the
    /// input's size. A function of its own so the decoded image is freed
    /// before encoding: a 24 MP RGB file is 144 MB of samples.
    private static func sixteenBitSquare(
        _ bytes: [UInt8], square: PixelRect, size: PixelSize, options: CropOptions
    ) throws(ImagingError) -> (PNG16Image, PixelSize) {
        var image = try PNGCodec.decode16(bytes, maxPixels: options.maxPixels)
        let resampled = !LanczosResampler.isCopy(source: square.rect2D, size: size)
        var key = image.transparentKey
        if resampled || options.circle, let colourKey = key {
            // Resampling blends keyed pixels into their neighbours, and a
            // circle's edge is partly transparent: the key becomes alpha
            // first, as the 8-bit path's decode does.
            image.frame = image.frame.keyedToAlpha(colourKey)
            key = nil
        }
        // sBIT (how many bits are significant) stays true of copied samples,
        // not of resampled ones, and has one entry per channel: a circle adds alpha.
        let keepsSignificantBits = !resampled && !options.circle
        let chunks = options.metadata == .strip ? [] : image.colorChunks.filter { keepsSignificantBits || $0.type != "sBIT" }
        let pixels = LanczosResampler.crop(image.frame, source: square.rect2D, to: size)
        return (PNG16Image(frame: pixels, colorChunks: chunks, transparentKey: key), image.frame.size)
    }
}
