import CGStreamer
import SquareCamCore

/// One frame as GStreamer delivered it (a GstSample reference: buffer + caps).
/// Holding it costs no copy; pixels are read only when a `Frame` is made.
final class VideoSample: @unchecked Sendable {
    // @unchecked: a GstSample is immutable once delivered and its refcount is atomic.
    private let sample: OpaquePointer

    /// Takes over a reference the caller owns (transfer full).
    init(adopting sample: OpaquePointer) {
        self.sample = sample
    }

    deinit {
        gst_sample_unref(sample)
    }

    /// The frame's size and GStreamer format name, from its caps.
    var videoFormat: (size: PixelSize, format: String)? {
        withVideoInfo { info in
            let name = gst_video_format_to_string(squarecam_video_info_format(info)).map { String(cString: $0) } ?? "?"
            return (PixelSize(width: Int(info.pointee.width), height: Int(info.pointee.height)), name)
        }
    }

    /// The buffer's presentation timestamp (running time on the pipeline's
    /// clock): when the source says it captured the frame. nil when it says nothing.
    var timestamp: Duration? {
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let nanoseconds = buffer.pointee.pts
        guard nanoseconds != UInt64.max else { return nil }  // GST_CLOCK_TIME_NONE
        return .nanoseconds(Int64(clamping: nanoseconds))
    }

    /// The frame's pixels copied into `layout`, converting when GStreamer's
    /// format differs (the only place a live camera spends CPU on a still).
    /// With `centreSquareOnly`, just the centre square is copied, for a shot
    /// that keeps nothing else (about half of a 16:9 frame); in I420 its
    /// origin is rounded down to even, as `JPEGEncoder` rounds a region's.
    func makeFrame(layout: Frame.Layout, centreSquareOnly: Bool = false) throws(SampleConversionError) -> Frame {
        guard let buffer = gst_sample_get_buffer(sample) else { throw .noPixels }
        let result: Result<Frame, SampleConversionError>? = withVideoInfo { info in
            let target = Self.videoFormat(for: layout)
            let size = PixelSize(width: Int(info.pointee.width), height: Int(info.pointee.height))
            var region = centreSquareOnly ? size.centeredSquare : size.bounds
            if layout == .i420 {
                region.x &= ~1
                region.y &= ~1
            }
            var source = GstVideoFrame()
            guard gst_video_frame_map(&source, info, buffer, GST_MAP_READ) != 0 else {
                return .failure(.unmappable)
            }
            defer { gst_video_frame_unmap(&source) }
            // A matrix change converts the range too; the copy and the
            // converter's same-matrix fast paths keep video range, stretched
            // while copying out.
            let stretch = layout == .i420 && Self.isVideoRange(info) && Self.hasBT601Matrix(info)
            if squarecam_video_info_format(info) == target && (layout != .i420 || Self.hasBT601Matrix(info)) {
                return .success(Self.copy(&source, layout: layout, region: region, stretchingRange: stretch))
            }
            return Self.convert(&source, from: info, to: target, layout: layout, region: region, stretchingRange: stretch)
        }
        guard let result else { throw .unknownFormat }
        return try result.get()
    }

    /// Runs `body` with the frame mapped for reading (no copy); nil when it cannot be mapped.
    func withMappedFrame<Result>(_ body: (UnsafeMutablePointer<GstVideoFrame>) -> Result) -> Result? {
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let result: Result?? = withVideoInfo { info in
            var frame = GstVideoFrame()
            guard gst_video_frame_map(&frame, info, buffer, GST_MAP_READ) != 0 else { return nil }
            defer { gst_video_frame_unmap(&frame) }
            return body(&frame)
        }
        return result ?? nil
    }

    private func withVideoInfo<Result>(_ body: (UnsafeMutablePointer<GstVideoInfo>) -> Result) -> Result? {
        guard let caps = gst_sample_get_caps(sample), let info = gst_video_info_new() else { return nil }
        defer { gst_video_info_free(info) }
        guard gst_video_info_from_caps(info, caps) != 0 else { return nil }
        return body(info)
    }

    private static func videoFormat(for layout: Frame.Layout) -> GstVideoFormat {
        switch layout {
        case .rgb: GST_VIDEO_FORMAT_RGB
        case .rgba: GST_VIDEO_FORMAT_RGBA
        case .gray: GST_VIDEO_FORMAT_GRAY8
        case .i420: GST_VIDEO_FORMAT_I420
        }
    }

    private static func convert(
        _ source: inout GstVideoFrame,
        from info: UnsafeMutablePointer<GstVideoInfo>,
        to format: GstVideoFormat,
        layout: Frame.Layout,
        region: PixelRect,
        stretchingRange: Bool
    ) -> Result<Frame, SampleConversionError> {
        guard let targetInfo = gst_video_info_new() else { return .failure(.unknownFormat) }
        defer { gst_video_info_free(targetInfo) }
        guard gst_video_info_set_format(targetInfo, format, UInt32(info.pointee.width), UInt32(info.pointee.height)) != 0
        else { return .failure(.unknownFormat) }
        // The converter only changes pixels: everything else must match.
        targetInfo.pointee.fps_n = info.pointee.fps_n
        targetInfo.pointee.fps_d = info.pointee.fps_d
        targetInfo.pointee.par_n = info.pointee.par_n
        targetInfo.pointee.par_d = info.pointee.par_d
        targetInfo.pointee.interlace_mode = info.pointee.interlace_mode
        if layout == .i420 { useBT601Colorimetry(targetInfo, from: info) }
        guard let converter = gst_video_converter_new(info, targetInfo, nil)
        else { return .failure(.unknownFormat) }
        defer { gst_video_converter_free(converter) }
        guard let buffer = gst_buffer_new_allocate(nil, targetInfo.pointee.size, nil) else {
            return .failure(.unmappable)
        }
        defer { gst_buffer_unref(buffer) }
        var target = GstVideoFrame()
        guard gst_video_frame_map(&target, targetInfo, buffer, GST_MAP_WRITE) != 0 else {
            return .failure(.unmappable)
        }
        defer { gst_video_frame_unmap(&target) }
        gst_video_converter_frame(converter, &source, &target)
        return .success(copy(&target, layout: layout, region: region, stretchingRange: stretchingRange))
    }

    /// `.i420` frames are full-range BT.601 YCbCr, as JFIF defines it, so the
    /// JPEG encoder can compress the planes as they are. The converter gives
    /// BT.601 in the source's range (its I420→I420 fast path ignores a range
    /// change), and video range (Y 16–235, which would save grey blacks) is
    /// then stretched here.
    private static func hasBT601Matrix(_ info: UnsafeMutablePointer<GstVideoInfo>) -> Bool {
        info.pointee.colorimetry.matrix == GST_VIDEO_COLOR_MATRIX_BT601
    }

    private static func isVideoRange(_ info: UnsafeMutablePointer<GstVideoInfo>) -> Bool {
        // RGB and gray sources are full range whatever their caps say.
        let flags = gst_video_format_get_info(squarecam_video_info_format(info))?.pointee.flags.rawValue ?? 0
        return flags & GST_VIDEO_FORMAT_FLAG_YUV.rawValue != 0
            && info.pointee.colorimetry.range != GST_VIDEO_COLOR_RANGE_0_255
    }

    /// BT.601 in the source's range when the matrix stays (the fast paths
    /// ignore range; the copy stretches it), full range otherwise.
    private static func useBT601Colorimetry(_ target: UnsafeMutablePointer<GstVideoInfo>, from source: UnsafeMutablePointer<GstVideoInfo>) {
        target.pointee.colorimetry = source.pointee.colorimetry
        target.pointee.colorimetry.matrix = GST_VIDEO_COLOR_MATRIX_BT601
        if !(isVideoRange(source) && hasBT601Matrix(source)) {
            target.pointee.colorimetry.range = GST_VIDEO_COLOR_RANGE_0_255
        }
    }

    /// Video range (Y 16–235, Cb/Cr 16–240) to 0–255, one table per plane kind.
    private static let lumaStretch: [UInt8] = (0..<256).map { UInt8(clamping: Int(((Double($0) - 16) * 255 / 219).rounded())) }
    private static let chromaStretch: [UInt8] = (0..<256).map { UInt8(clamping: Int(((Double($0) - 128) * 255 / 224 + 128).rounded())) }

    /// Copies `region` of a mapped frame into tightly packed planes,
    /// stretching video range to full range on the way when asked (one pass
    /// over the pixels). An I420 region's origin must be even.
    private static func copy(_ frame: inout GstVideoFrame, layout: Frame.Layout, region: PixelRect, stretchingRange: Bool) -> Frame {
        let planes = (0..<layout.planeCount).map { index -> Frame.Plane in
            let (rowBytes, rows) = planeGeometry(layout: layout, plane: index, width: region.width, height: region.height)
            let (left, top) = planeGeometry(layout: layout, plane: index, width: region.x, height: region.y)
            let stride = Int(squarecam_video_frame_stride(&frame, UInt32(index)))
            let base = squarecam_video_frame_plane(&frame, UInt32(index))! + top * stride + left
            let table = index == 0 ? lumaStretch : chromaStretch
            let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * rows) { output, count in
                table.withUnsafeBufferPointer { table in
                    for row in 0..<rows {
                        let source = base + row * stride, target = output.baseAddress! + row * rowBytes
                        if stretchingRange {
                            for column in 0..<rowBytes { target[column] = table[Int(source[column])] }
                        } else {
                            target.initialize(from: source, count: rowBytes)
                        }
                    }
                }
                count = rowBytes * rows
            }
            return Frame.Plane(bytes: bytes, stride: rowBytes)
        }
        return Frame(size: region.size, layout: layout, planes: planes)
    }

    /// Bytes per row and rows of `plane` for `width`×`height` pixels (also
    /// where a region's origin falls in the plane: an even I420 origin halves exactly).
    private static func planeGeometry(layout: Frame.Layout, plane: Int, width: Int, height: Int) -> (Int, Int) {
        switch layout {
        case .rgb: (width * 3, height)
        case .rgba: (width * 4, height)
        case .gray: (width, height)
        case .i420: plane == 0 ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
        }
    }
}

/// A delivered frame could not be read.
enum SampleConversionError: Error, Sendable {
    case noPixels
    case unmappable
    case unknownFormat
}
