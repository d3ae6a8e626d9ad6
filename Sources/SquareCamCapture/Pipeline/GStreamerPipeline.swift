import CGStreamer

/// One GStreamer pipeline built from a launch description. It owns one
/// reference and drops it, after going to NULL, when it is released.
final class GStreamerPipeline: @unchecked Sendable {
    // @unchecked: GstElement is reference counted and thread-safe in GStreamer;
    // the pointer itself never changes.
    let element: UnsafeMutablePointer<GstElement>

    /// Parses a gst-launch description; a missing plugin or bad syntax throws.
    init(launch: String) throws(PipelineBuildError) {
        GStreamerRuntime.ensureInitialized()
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch_full(launch, nil, GST_PARSE_FLAG_FATAL_ERRORS, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let parsed { gst_object_unref(UnsafeMutableRawPointer(parsed)) }
            throw PipelineBuildError(detail: message)
        }
        guard let parsed else { throw PipelineBuildError(detail: "GStreamer could not build the pipeline") }
        // gst_parse_launch returns a floating reference: take ownership of it.
        gst_object_ref_sink(UnsafeMutableRawPointer(parsed))
        // Left to choose, GStreamer takes a pipewiresrc's clock, which keeps
        // the time of that one PipeWire stream: sound stamped by it lost
        // seconds against the picture when the camera was another program's
        // stream (harness/av-sync/clapper.py). The system's monotonic clock is
        // the one PipeWire's own times are in.
        squarecam_pipeline_use_system_clock(parsed)
        element = parsed
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    /// Runs `body` with the named element; nil when there is none.
    func withElement<Result>(named name: String, _ body: (UnsafeMutablePointer<GstElement>) -> Result) -> Result? {
        guard let child = squarecam_bin_get_by_name(element, name) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(child)) }
        return body(child)
    }

    /// Asks the pipeline to play; false when an element refused at once
    /// (the reason then arrives on the bus).
    func play() -> Bool {
        gst_element_set_state(element, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE
    }

    /// Stops streaming and releases the devices; waits until done.
    /// Never call it from a streaming thread: it joins them.
    func shutDown() {
        gst_element_set_state(element, GST_STATE_NULL)
        _ = gst_element_get_state(element, nil, nil, GstClockTime.max)
    }

    /// Stops every element but the one named `name`, which is left as it
    /// is, never stopped (see ParkedPipelines): the rest free their frames
    /// and threads.
    func shutDown(keeping name: String) {
        _ = withElement(named: name) { gst_element_set_locked_state($0, 1) }
        shutDown()
    }

    /// How long the pipeline has played, by its clock, in nanoseconds (0
    /// before it has a clock): the time a buffer produced now carries.
    var runningTime: UInt64 {
        guard let clock = gst_element_get_clock(element) else { return 0 }
        defer { gst_object_unref(UnsafeMutableRawPointer(clock)) }
        let now = gst_clock_get_time(clock), base = gst_element_get_base_time(element)
        return now > base ? UInt64(now - base) : 0
    }

    /// Sets a boolean property of a child element.
    func setBool(_ value: Bool, property: String, onElementNamed name: String) {
        _ = withElement(named: name) { squarecam_set_bool(UnsafeMutableRawPointer($0), property, value ? 1 : 0) }
    }
}

/// GStreamer could not build a pipeline (missing plugin, bad description).
struct PipelineBuildError: Error, Sendable {
    var detail: String
}
