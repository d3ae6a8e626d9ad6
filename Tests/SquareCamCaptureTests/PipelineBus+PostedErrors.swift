import CGStreamer
@testable import SquareCamCapture

extension PipelineBus {
    /// Posts an error on `pipeline`'s bus as if one of its elements had: the
    /// path a real unplug takes, from the bus on (the hardware VM's tests
    /// unplug vivid for real).
    static func postError(_ report: PipelineErrorReport, on pipeline: GStreamerPipeline) {
        let quark: GQuark = switch report.domain {
        case .core: gst_core_error_quark()
        case .library: gst_library_error_quark()
        case .resource: gst_resource_error_quark()
        case .stream, .other: gst_stream_error_quark()
        }
        guard let error = g_error_new_literal(quark, report.code, report.message) else { return }
        defer { g_error_free(error) }
        let source = UnsafeMutablePointer<GstObject>(OpaquePointer(pipeline.element))
        if let message = gst_message_new_error(source, error, report.debug) {
            _ = gst_element_post_message(pipeline.element, message)
        }
    }
}
