import CGStreamer
import Synchronization

/// A branch joined to a running pipeline's tee and cut off from it again,
/// while the rest streams on: the app starts and stops recordings under a
/// live viewfinder. Every call that adds, links or removes a bin is here.
final class LiveBranch: @unchecked Sendable {
    // @unchecked: the pointers never change; GStreamer objects are thread-safe
    // reference-counted; `teePad` is taken out under `link`.
    private let bin: UnsafeMutablePointer<GstElement>
    private let pipeline: GStreamerPipeline
    private let teeName: String
    private let link = Mutex<TeePad?>(nil)

    /// The tee's pad feeding the bin; ours to release.
    private struct TeePad: @unchecked Sendable {
        let pad: UnsafeMutablePointer<GstPad>
    }

    /// Builds the bin from `description` (gst-launch syntax, one free sink
    /// pad), adds it to `pipeline` under `name` and brings it to the
    /// pipeline's state; `join` then feeds it.
    init(_ description: String, name: String, joining teeName: String, of pipeline: GStreamerPipeline) throws(PipelineBuildError) {
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_bin_from_description_full(description, 1, nil, GST_PARSE_FLAG_FATAL_ERRORS, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let parsed { gst_object_unref(UnsafeMutableRawPointer(parsed)) }
            throw PipelineBuildError(detail: message)
        }
        guard let parsed else { throw PipelineBuildError(detail: "GStreamer could not build the recording") }
        gst_object_ref_sink(UnsafeMutableRawPointer(parsed))
        _ = parsed.withMemoryRebound(to: GstObject.self, capacity: 1) { gst_object_set_name($0, name) }
        bin = parsed
        self.pipeline = pipeline
        self.teeName = teeName
        guard squarecam_bin_add(pipeline.element, parsed) != 0 else {
            gst_object_unref(UnsafeMutableRawPointer(parsed))
            throw PipelineBuildError(detail: "the recording could not join the camera's pipeline")
        }
        // Playing before it is linked, so the first frame finds it ready.
        guard gst_element_sync_state_with_parent(parsed) != 0 else {
            remove()
            throw PipelineBuildError(detail: "the recording's elements did not start")
        }
    }

    deinit { gst_object_unref(UnsafeMutableRawPointer(bin)) }

    /// Links a new pad of the tee to the bin: frames flow into it from the next one.
    func join() throws(PipelineBuildError) {
        let joined = pipeline.withElement(named: teeName) { tee -> Bool in
            guard let teePad = gst_element_request_pad_simple(tee, "src_%u") else { return false }
            guard let sink = gst_element_get_static_pad(bin, "sink") else {
                gst_element_release_request_pad(tee, teePad)
                gst_object_unref(UnsafeMutableRawPointer(teePad))
                return false
            }
            defer { gst_object_unref(UnsafeMutableRawPointer(sink)) }
            guard gst_pad_link(teePad, sink) == GST_PAD_LINK_OK else {
                gst_element_release_request_pad(tee, teePad)
                gst_object_unref(UnsafeMutableRawPointer(teePad))
                return false
            }
            link.withLock { $0 = TeePad(pad: teePad) }
            return true
        } ?? false
        if !joined { throw PipelineBuildError(detail: "the recording could not be linked to the camera") }
    }

    /// Stops the camera's frames from reaching the bin; what is in it drains.
    func cutOff() {
        let taken = link.withLock { linked -> TeePad? in
            defer { linked = nil }
            return linked
        }
        guard let teePad = taken?.pad else { return }
        if let sink = gst_element_get_static_pad(bin, "sink") {
            _ = gst_pad_unlink(teePad, sink)
            gst_object_unref(UnsafeMutableRawPointer(sink))
        }
        _ = pipeline.withElement(named: teeName) { gst_element_release_request_pad($0, teePad) }
        gst_object_unref(UnsafeMutableRawPointer(teePad))
    }

    /// Cuts the bin off, stops it and takes it out of the pipeline. Never on
    /// a streaming thread: stopping joins the bin's threads.
    func remove() {
        cutOff()
        gst_element_set_state(bin, GST_STATE_NULL)
        _ = squarecam_bin_remove(pipeline.element, bin)
    }
}
