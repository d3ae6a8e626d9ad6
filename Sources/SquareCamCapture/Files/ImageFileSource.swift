import CGStreamer
import SquareCamCore
import SquareCamImaging

/// The source of a `file:` camera: the image decoded upright by
/// SquareCamImaging, so it reads every format `crop` reads (GStreamer's
/// decodebin here has no HEIF decoder, and its errors are its internals),
/// handed once to an appsrc that imagefreeze repeats as a live stream.
/// Everything after the source is the pipeline a real camera has.
/// Every appsrc call is in this file.
enum ImageFileSource {
    static let elementName = "imagefile"

    /// The pixel layout of a decoded image, as the pipeline description needs it.
    struct Format: Hashable, Sendable {
        var size: PixelSize
        /// GStreamer's name: RGB or GRAY8.
        var videoFormat: String
    }

    /// The upright pixels of the image at `path`; throws `CameraFailure` in words a person can act on.
    static func decode(path: String, camera: String) throws(CameraFailure) -> Frame {
        if let reason = DeviceAccess.problemReading(imageFile: path) {
            throw .failed(camera: camera, detail: reason)
        }
        do {
            return try UprightPhoto.read(path: path)
        } catch {
            throw .failed(camera: camera, detail: detail(for: error))
        }
    }

    /// What was wrong with the file, as the end of "The camera NAME failed: …".
    static func detail(for error: ImagingError) -> String {
        switch error {
        case .unsupportedFormat(let detail):
            switch detail {
            case UprightPhoto.unknownSignature:
                return "it is not a JPEG, PNG or HEIF/HEIC image, the formats a file camera reads; check the file after file:."
            case UprightPhoto.emptyFile:
                return "the file is empty; check the file after file:."
            default:
                // A HEIF file libheif cannot read, or no libheif: its own words say what to install.
                return detail + "."
            }
        case .corrupt(let detail):
            return "the image is damaged (\(detail)); re-export or re-download it."
        case .damaged(let damage):
            return "the image is damaged (\(damage)); re-export or re-download it."
        case .unsupportedVariant:
            return error.description + "."
        case .tooLarge(let size, let limit):
            return "the image is \(size), more than the \(limit / 1_000_000) megapixels a file camera decodes; use a smaller copy."
        case .invalidRequest(let detail), .encodeFailed(let detail):
            return detail + "."
        case .exifFailed, .noFace:
            // Only crop's --mode face looks for faces; a file camera never fails for want of one.
            return error.description + "."
        }
    }

    static func format(of frame: Frame) -> Format {
        Format(size: frame.size, videoFormat: frame.layout == .gray ? "GRAY8" : "RGB")
    }

    /// The appsrc of a pipeline description: one still frame, no rate of its own.
    static func launchText(for format: Format) -> String {
        "appsrc name=\(elementName) format=time caps=\"video/x-raw,format=\(format.videoFormat),"
            + "width=\(format.size.width),height=\(format.size.height),framerate=0/1,pixel-aspect-ratio=1/1\""
    }

    /// Queues `frame` and the end of the stream in the pipeline's appsrc
    /// (before it plays: appsrc keeps them until then). imagefreeze keeps
    /// the frame and drops the end of stream. False when the pipeline has no
    /// such source or GStreamer refused the buffer.
    static func feed(_ frame: Frame, into pipeline: GStreamerPipeline) -> Bool {
        let pushed = pipeline.withElement(named: elementName) { element -> Bool in
            guard let buffer = buffer(holding: frame) else { return false }
            let source = squarecam_as_app_src(element)
            // push_buffer takes the buffer over.
            guard gst_app_src_push_buffer(source, buffer) == GST_FLOW_OK else { return false }
            return gst_app_src_end_of_stream(source) == GST_FLOW_OK
        }
        return pushed ?? false
    }

    /// A buffer with the frame's rows at GStreamer's strides (RGB rows are
    /// padded to four bytes there, the frame's are packed).
    private static func buffer(holding frame: Frame) -> UnsafeMutablePointer<GstBuffer>? {
        guard frame.layout == .rgb || frame.layout == .gray, let info = gst_video_info_new() else { return nil }
        defer { gst_video_info_free(info) }
        let format = frame.layout == .gray ? GST_VIDEO_FORMAT_GRAY8 : GST_VIDEO_FORMAT_RGB
        guard gst_video_info_set_format(info, format, UInt32(frame.size.width), UInt32(frame.size.height)) != 0,
              let buffer = gst_buffer_new_allocate(nil, info.pointee.size, nil) else { return nil }
        var mapped = GstVideoFrame()
        guard gst_video_frame_map(&mapped, info, buffer, GST_MAP_WRITE) != 0 else {
            gst_buffer_unref(buffer)
            return nil
        }
        let plane = frame.planes[0]
        let rowBytes = frame.size.width * frame.layout.bytesPerPixel
        let stride = Int(squarecam_video_frame_stride(&mapped, 0))
        let target = squarecam_video_frame_plane(&mapped, 0)!
        plane.bytes.withUnsafeBufferPointer { source in
            for row in 0..<frame.size.height {
                (target + row * stride).update(from: source.baseAddress! + row * plane.stride, count: rowBytes)
            }
        }
        gst_video_frame_unmap(&mapped)
        return buffer
    }
}
