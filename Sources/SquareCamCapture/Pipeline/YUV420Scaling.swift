import CGStreamer
import CResample
import SquareCamCore

/// The viewfinder's own path for 4:2:0 frames (I420 and YV12: the test
/// pattern and most webcams' decoded MJPEG; NV12 and NV21: libcamera's):
/// crop, scale and convert to RGBA or BGRA in one pass over the output
/// (`cresample_yuv420_to_rgba`), where GStreamer's converters take two
/// passes and an intermediate frame. Bilinear like them; chroma is blended
/// at each output pixel rather than repeated over two.
enum YUV420Scaling {
    /// Where it runs at all: see `cresample_yuv420_is_vectorised`.
    private static let isFaster = cresample_yuv420_is_vectorised() != 0

    /// Writes `region` of `source`, scaled to `size`, into `target` as RGBA
    /// (BGRA with `bgra`), flipped left-right when `mirrored`; false when the
    /// frame is not 4:2:0 YUV with a known matrix and range, or the CPU has no
    /// AVX2 (FrameScaler's converters take those).
    static func convert(
        _ source: UnsafeMutablePointer<GstVideoFrame>, region: PixelRect, size: PixelSize,
        into target: UnsafeMutableRawPointer, stride: Int, bgra: Bool, mirrored: Bool
    ) -> Bool {
        guard isFaster, var matrix = matrix(of: &source.pointee.info) else { return false }
        let frame = source.pointee
        let format = squarecam_video_info_format(&source.pointee.info)
        let planes: (u: UnsafeMutableRawPointer?, v: UnsafeMutableRawPointer?, step: Int32)
        switch format {
        case GST_VIDEO_FORMAT_I420: planes = (frame.data.1, frame.data.2, 1)
        case GST_VIDEO_FORMAT_YV12: planes = (frame.data.2, frame.data.1, 1)
        case GST_VIDEO_FORMAT_NV12: planes = (frame.data.1, frame.data.1.map { $0 + 1 }, 2)
        case GST_VIDEO_FORMAT_NV21: planes = (frame.data.1.map { $0 + 1 }, frame.data.1, 2)
        default: return false
        }
        guard let y = frame.data.0, let u = planes.u, let v = planes.v else { return false }
        let chromaStride = format == GST_VIDEO_FORMAT_YV12 ? frame.info.stride.2 : frame.info.stride.1
        guard frame.info.stride.0 > 0, chromaStride > 0 else { return false }
        var yuv = cresample_yuv420(
            y: y.assumingMemoryBound(to: UInt8.self), u: u.assumingMemoryBound(to: UInt8.self),
            v: v.assumingMemoryBound(to: UInt8.self), y_stride: Int(frame.info.stride.0),
            chroma_stride: Int(chromaStride), chroma_step: planes.step,
            width: Int32(frame.info.width), height: Int32(frame.info.height))
        return cresample_yuv420_to_rgba(
            &yuv, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), &matrix,
            Int32(size.width), Int32(size.height), target.assumingMemoryBound(to: UInt8.self), stride,
            (bgra ? Int32(CRESAMPLE_BGRA) : 0) | (mirrored ? Int32(CRESAMPLE_MIRRORED) : 0)) == 0
    }

    /// The frame's Y'CbCr matrix in fixed point; nil for one GStreamer does not name.
    private static func matrix(of info: UnsafeMutablePointer<GstVideoInfo>) -> cresample_yuv_matrix? {
        let colorimetry = info.pointee.colorimetry
        let fullRange: Bool
        switch colorimetry.range {
        case GST_VIDEO_COLOR_RANGE_0_255: fullRange = true
        case GST_VIDEO_COLOR_RANGE_16_235: fullRange = false
        default: return nil
        }
        var kr = 0.0, kb = 0.0
        guard colorimetry.matrix != GST_VIDEO_COLOR_MATRIX_RGB,
              gst_video_color_matrix_get_Kr_Kb(colorimetry.matrix, &kr, &kb) != 0
        else { return nil }
        return cresample_yuv_matrix_make(kr, kb, fullRange ? 1 : 0)
    }
}
