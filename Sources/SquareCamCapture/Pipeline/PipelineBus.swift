import CGStreamer

/// What a pipeline reports on its bus that the camera acts on.
enum PipelineEvent: Sendable {
    case error(PipelineErrorReport)
    case warning(PipelineErrorReport)
    case endOfStream
}

/// A GStreamer error or warning in plain values.
struct PipelineErrorReport: Hashable, Sendable {
    enum Domain: Hashable, Sendable { case core, library, resource, stream, other }

    var domain: Domain
    /// The GStreamer error code within the domain (GST_RESOURCE_ERROR_BUSY, …).
    var code: Int32
    /// GStreamer's sentence for people.
    var message: String
    /// The element's details (often has the errno text, e.g. "Permission denied").
    var debug: String
    /// Name of the element that posted it.
    var sourceName: String
}

/// Delivers a pipeline's bus messages to a Swift handler as they are posted,
/// on the posting thread, without a GLib main loop.
///
/// A sync handler drops every message after reading it, so nothing piles up
/// on the bus of a pipeline that nobody pops.
enum PipelineBus {
    private final class HandlerBox {
        let handler: @Sendable (PipelineEvent) -> Void
        init(_ handler: @escaping @Sendable (PipelineEvent) -> Void) { self.handler = handler }
    }

    /// Installs the handler; it runs on GStreamer threads and must return quickly.
    static func watch(_ pipeline: GStreamerPipeline, handler: @escaping @Sendable (PipelineEvent) -> Void) {
        guard let bus = squarecam_element_bus(pipeline.element) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        gst_bus_set_sync_handler(bus, { _, message, context in
            guard let message else { return GST_BUS_DROP }
            // A sync handler that drops a message owns it and must unref it.
            defer { gst_message_unref(message) }
            guard let context else { return GST_BUS_DROP }
            let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
            if let event = PipelineBus.event(from: message) { box.handler(event) }
            return GST_BUS_DROP
        }, box, { context in
            guard let context else { return }
            Unmanaged<HandlerBox>.fromOpaque(context).release()
        })
    }

    /// Removes the handler (its box is released by GStreamer's destroy notify).
    static func unwatch(_ pipeline: GStreamerPipeline) {
        guard let bus = squarecam_element_bus(pipeline.element) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        gst_bus_set_sync_handler(bus, nil, nil, nil)
    }

    private static func event(from message: UnsafeMutablePointer<GstMessage>) -> PipelineEvent? {
        let type = squarecam_message_type(message)
        if type == GST_MESSAGE_EOS { return .endOfStream }
        guard type == GST_MESSAGE_ERROR || type == GST_MESSAGE_WARNING else { return nil }
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        if type == GST_MESSAGE_ERROR {
            gst_message_parse_error(message, &error, &debug)
        } else {
            gst_message_parse_warning(message, &error, &debug)
        }
        defer {
            if let error { g_error_free(error) }
            g_free(debug)
        }
        let report = PipelineErrorReport(
            domain: error.map { domain(of: $0.pointee.domain) } ?? .other,
            code: error?.pointee.code ?? 0,
            message: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error",
            debug: debug.map { String(cString: $0) } ?? "",
            sourceName: squarecam_message_source_name(message).map { String(cString: $0) } ?? ""
        )
        return type == GST_MESSAGE_ERROR ? .error(report) : .warning(report)
    }

    private static func domain(of quark: GQuark) -> PipelineErrorReport.Domain {
        switch quark {
        case gst_resource_error_quark(): .resource
        case gst_stream_error_quark(): .stream
        case gst_core_error_quark(): .core
        case gst_library_error_quark(): .library
        default: .other
        }
    }
}

extension PipelineErrorReport {
    /// GST_RESOURCE_ERROR codes the camera tells apart.
    static let resourceNotFound = Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue)
    static let resourceBusy = Int32(GST_RESOURCE_ERROR_BUSY.rawValue)
    static let resourceOpenRead = Int32(GST_RESOURCE_ERROR_OPEN_READ.rawValue)
    static let resourceOpenReadWrite = Int32(GST_RESOURCE_ERROR_OPEN_READ_WRITE.rawValue)
    static let resourceNotAuthorized = Int32(GST_RESOURCE_ERROR_NOT_AUTHORIZED.rawValue)
    static let resourceRead = Int32(GST_RESOURCE_ERROR_READ.rawValue)
    static let resourceWrite = Int32(GST_RESOURCE_ERROR_WRITE.rawValue)
    static let resourceNoSpaceLeft = Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue)
}
