import CGStreamer
import SquareCamCore

/// Crops, scales and converts a video frame to RGBA, written straight into
/// the bytes of the `Frame` it returns, or to the BGRA of a `ScreenPicture`
/// (the viewfinder's): 4:2:0 YUV in one pass of our own (`YUV420Scaling`),
/// other formats through GStreamer's converters.
///
/// The viewfinder uses it instead of `aspectratiocrop ! videoscale !
/// videoconvert` elements: no cropped copy of the camera frame, and the output
/// size can change from one frame to the next without renegotiating caps
/// (live renegotiation intermittently failed the stream with not-negotiated).
/// Two GstVideoConverter passes, as the elements did: crop and scale in the
/// camera's own format (YUV: fewer bytes, GStreamer's fast scaling paths),
/// then convert the small result to RGBA (its fast conversion paths need equal
/// sizes). One pass that does all three measured slower. Converters and the
/// intermediate buffer are kept while the geometry stays the same: building
/// them costs more than converting a frame. Not thread-safe: callers use it
/// from one thread at a time (the camera holds a lock around it).
final class FrameScaler: @unchecked Sendable {
    private let scaling = CachedConverter()
    private let converting = CachedConverter()
    private var intermediate: (info: GstVideoInfo, buffer: UnsafeMutablePointer<GstBuffer>)?

    deinit {
        if let intermediate { gst_buffer_unref(intermediate.buffer) }
    }

    /// `region` of the mapped `source` frame, scaled to `size`, as RGBA (sRGB,
    /// opaque); nil when GStreamer has no converter for its format.
    func rgba(of source: UnsafeMutablePointer<GstVideoFrame>, region: PixelRect, size: PixelSize) -> Frame? {
        guard Self.fits(region, size, in: source) else { return nil }
        var output = Self.info(GST_VIDEO_FORMAT_RGBA, size, like: &source.pointee.info)
        let stride = Int(output.stride.0)
        let count = stride * size.height
        var converted = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            // A converter reads only the planes and the info of a frame, so the
            // target can be our own memory, described by hand.
            var frame = GstVideoFrame()
            frame.info = output
            frame.data.0 = UnsafeMutableRawPointer(target.baseAddress!)
            converted = convert(source, region: region, into: &frame, info: &output, mirrored: false)
            initialized = count
        }
        guard converted else { return nil }
        return Frame(size: size, layout: .rgba, planes: [Frame.Plane(bytes: bytes, stride: stride)])
    }

    /// `region` of the mapped `source` frame, scaled to `side`², as a screen
    /// takes it (BGRA, opaque), flipped left-right when `mirrored`: the
    /// viewfinder's picture, written once, where it is shown from.
    func screenPicture(of source: UnsafeMutablePointer<GstVideoFrame>, region: PixelRect, side: Int, mirrored: Bool) -> ScreenPicture? {
        let size = PixelSize(width: side, height: side)
        guard Self.fits(region, size, in: source) else { return nil }
        var output = Self.info(GST_VIDEO_FORMAT_BGRA, size, like: &source.pointee.info)
        let picture = ScreenPicture(size: size, mirrored: mirrored)
        guard Int(output.stride.0) == picture.stride else { return nil }
        var frame = GstVideoFrame()
        frame.info = output
        frame.data.0 = picture.pixels
        return convert(source, region: region, into: &frame, info: &output, mirrored: mirrored) ? picture : nil
    }

    private static func fits(_ region: PixelRect, _ size: PixelSize, in source: UnsafeMutablePointer<GstVideoFrame>) -> Bool {
        !size.isEmpty && !region.isEmpty
            && PixelSize(width: Int(source.pointee.info.width), height: Int(source.pointee.info.height)).contains(region)
    }

    /// Into `target`, 4 bytes a pixel (RGBA or BGRA, as `output` says).
    private func convert(
        _ source: UnsafeMutablePointer<GstVideoFrame>, region: PixelRect,
        into target: UnsafeMutablePointer<GstVideoFrame>, info output: UnsafeMutablePointer<GstVideoInfo>, mirrored: Bool
    ) -> Bool {
        let size = PixelSize(width: Int(output.pointee.width), height: Int(output.pointee.height))
        let outputFormat = squarecam_video_info_format(output)
        guard let pixels = target.pointee.data.0 else { return false }
        if YUV420Scaling.convert(source, region: region, size: size, into: pixels, stride: Int(output.pointee.stride.0),
                                 bgra: outputFormat == GST_VIDEO_FORMAT_BGRA, mirrored: mirrored) {
            return true
        }
        let format = squarecam_video_info_format(&source.pointee.info)
        if format == outputFormat {
            guard let direct = scaling.converter(from: &source.pointee.info, to: output, region: region) else { return false }
            gst_video_converter_frame(direct, source, target)
        } else {
            var small = Self.info(format, size, like: &source.pointee.info)
            guard let scale = scaling.converter(from: &source.pointee.info, to: &small, region: region),
                  let buffer = intermediateBuffer(for: &small),
                  let toOutput = converting.converter(from: &small, to: output, region: size.bounds)
            else { return false }
            var scaled = GstVideoFrame()
            guard gst_video_frame_map(&scaled, &small, buffer, GstMapFlags(GST_MAP_READ.rawValue | GST_MAP_WRITE.rawValue)) != 0 else { return false }
            defer { gst_video_frame_unmap(&scaled) }
            gst_video_converter_frame(scale, source, &scaled)
            gst_video_converter_frame(toOutput, &scaled, target)
        }
        // GStreamer's converters do not flip: the rows are turned round here.
        if mirrored { Self.flipRows(pixels, size: size, stride: Int(output.pointee.stride.0)) }
        return true
    }

    /// Reverses each row of 4-byte pixels in place.
    private static func flipRows(_ pixels: UnsafeMutableRawPointer, size: PixelSize, stride: Int) {
        for row in 0..<size.height {
            var pixelsOfRow = UnsafeMutableBufferPointer(start: (pixels + row * stride).assumingMemoryBound(to: UInt32.self), count: size.width)
            pixelsOfRow.reverse()
        }
    }

    private func intermediateBuffer(for info: UnsafeMutablePointer<GstVideoInfo>) -> UnsafeMutablePointer<GstBuffer>? {
        if let intermediate, gst_video_info_is_equal(&self.intermediate!.info, info) != 0 { return intermediate.buffer }
        if let intermediate { gst_buffer_unref(intermediate.buffer) }
        intermediate = nil
        guard let buffer = gst_buffer_new_allocate(nil, info.pointee.size, nil) else { return nil }
        intermediate = (info.pointee, buffer)
        return buffer
    }

    /// Video info for `format` at `size`, with `source`'s colours, rate and field order
    /// (a converter only changes pixels: timing and field order must match).
    private static func info(_ format: GstVideoFormat, _ size: PixelSize, like source: UnsafeMutablePointer<GstVideoInfo>) -> GstVideoInfo {
        var info = GstVideoInfo()
        gst_video_info_init(&info)
        _ = gst_video_info_set_format(&info, format, UInt32(size.width), UInt32(size.height))
        if format == squarecam_video_info_format(source) {
            info.colorimetry = source.pointee.colorimetry
            info.chroma_site = source.pointee.chroma_site
        }
        info.fps_n = source.pointee.fps_n
        info.fps_d = source.pointee.fps_d
        info.interlace_mode = source.pointee.interlace_mode
        return info
    }
}

/// One GstVideoConverter, rebuilt only when what it converts changes.
private final class CachedConverter {
    private var converter: OpaquePointer?
    private var input = GstVideoInfo()
    private var output = GstVideoInfo()
    private var region = PixelRect(x: 0, y: 0, width: 0, height: 0)

    deinit {
        if let converter { gst_video_converter_free(converter) }
    }

    /// A converter from `region` of `input` frames to whole `output` frames.
    func converter(
        from input: UnsafeMutablePointer<GstVideoInfo>, to output: UnsafeMutablePointer<GstVideoInfo>, region: PixelRect
    ) -> OpaquePointer? {
        if let converter, region == self.region,
           gst_video_info_is_equal(&self.input, input) != 0, gst_video_info_is_equal(&self.output, output) != 0 {
            return converter
        }
        if let converter { gst_video_converter_free(converter) }
        converter = nil
        // The config names the source rectangle, and scales as videoscale's
        // default method does (2-tap bilinear; the converter's own default,
        // more taps, cost a quarter more CPU in the viewfinder for no visible gain).
        _ = gst_video_resampler_method_get_type()  // registers the enum the text names
        let text = "GstVideoConverter"
            + ", GstVideoConverter.src-x=(int)\(region.x), GstVideoConverter.src-y=(int)\(region.y)"
            + ", GstVideoConverter.src-width=(int)\(region.width), GstVideoConverter.src-height=(int)\(region.height)"
            + ", GstVideoConverter.resampler-method=(GstVideoResamplerMethod)linear"
            + ", GstVideoConverter.resampler-taps=(uint)2"
        guard let config = gst_structure_from_string(text, nil),
              let made = gst_video_converter_new(input, output, config)  // takes the config
        else { return nil }
        converter = made
        self.input = input.pointee
        self.output = output.pointee
        self.region = region
        return made
    }
}

/// Scaling frames the app already holds (a photo taken) for display.
public enum FrameScaling {
    /// `region` of `frame`, scaled to `size`, as RGBA (sRGB, opaque), in one
    /// GStreamer conversion pass. `.i420` frames are read as full-range BT.601
    /// (JFIF), as `capturePhoto()` gives them. Nil when `region` is not inside the frame.
    public static func rgba(of frame: Frame, region: PixelRect, size: PixelSize) -> Frame? {
        guard frame.size.contains(region), !region.isEmpty, !size.isEmpty else { return nil }
        GStreamerRuntime.ensureInitialized()
        var info = GstVideoInfo()
        gst_video_info_init(&info)
        let format: GstVideoFormat = switch frame.layout {
        case .rgb: GST_VIDEO_FORMAT_RGB
        case .rgba: GST_VIDEO_FORMAT_RGBA
        case .gray: GST_VIDEO_FORMAT_GRAY8
        case .i420: GST_VIDEO_FORMAT_I420
        }
        guard gst_video_info_set_format(&info, format, UInt32(frame.size.width), UInt32(frame.size.height)) != 0 else { return nil }
        if frame.layout == .i420 {
            info.colorimetry.range = GST_VIDEO_COLOR_RANGE_0_255
            info.colorimetry.matrix = GST_VIDEO_COLOR_MATRIX_BT601
        }
        return withPlanes(of: frame) { planes in
            var source = GstVideoFrame()
            source.info = info
            // Each plane is its own array: describe where each starts and its stride.
            withUnsafeMutableBytes(of: &source.info.stride) { strides in
                let strides = strides.bindMemory(to: Int32.self)
                for (index, plane) in frame.planes.enumerated() { strides[index] = Int32(plane.stride) }
            }
            withUnsafeMutableBytes(of: &source.data) { data in
                let data = data.bindMemory(to: UnsafeMutableRawPointer?.self)
                for (index, plane) in planes.enumerated() { data[index] = UnsafeMutableRawPointer(mutating: plane) }
            }
            return FrameScaler().rgba(of: &source, region: region, size: size)
        }
    }

    /// Runs `body` with a pointer to each plane's bytes (all valid at once).
    private static func withPlanes<Result>(of frame: Frame, _ body: ([UnsafeRawPointer]) -> Result) -> Result {
        func nest(_ index: Int, _ pointers: [UnsafeRawPointer]) -> Result {
            guard index < frame.planes.count else { return body(pointers) }
            return frame.planes[index].bytes.withUnsafeBytes { nest(index + 1, pointers + [$0.baseAddress!]) }
        }
        return nest(0, [])
    }
}
