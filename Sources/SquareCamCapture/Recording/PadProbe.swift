import CGStreamer

/// Watching and steering the data on one pad of a pipeline's element: every
/// `gst_pad_*` call of the recording and analysis branches is here.
enum PadProbe {
    /// Runs `action` for every buffer that passes the pad `padName` of the
    /// element `elementName`, on the streaming thread; false when there is no such pad.
    @discardableResult
    static func onEveryBuffer(
        in pipeline: GStreamerPipeline, element elementName: String, pad padName: String,
        _ action: @escaping @Sendable () -> Void
    ) -> Bool {
        filterBuffers(in: pipeline, element: elementName, pad: padName) { _ in
            action()
            return true
        }
    }

    /// Passes each buffer at the pad `padName` of `elementName` that `keep`
    /// (given its presentation time in nanoseconds, nil without one) says to
    /// keep, and drops the others; on the streaming thread. With
    /// `beforeThePad`, on the pad linked to it instead: a buffer dropped
    /// there never meets the pad, whose end-of-stream would otherwise answer
    /// every later push with EOS (a tee passes that on to the camera, which stops).
    @discardableResult
    static func filterBuffers(
        in pipeline: GStreamerPipeline, element elementName: String, pad padName: String, beforeThePad: Bool = false,
        _ keep: @escaping @Sendable (UInt64?) -> Bool
    ) -> Bool {
        addProbe(in: pipeline, element: elementName, pad: padName, onPeer: beforeThePad, type: GST_PAD_PROBE_TYPE_BUFFER) { info in
            let time = squarecam_probe_buffer_time(info)
            return keep(time == GstClockTime.max ? nil : UInt64(time)) ? GST_PAD_PROBE_OK : GST_PAD_PROBE_DROP
        }
    }

    /// Lets `rewrite` change each buffer's bytes at the pad `padName` of
    /// `elementName` (given its presentation time in nanoseconds, nil without
    /// one); on the streaming thread.
    @discardableResult
    static func rewriteBuffers(
        in pipeline: GStreamerPipeline, element elementName: String, pad padName: String,
        _ rewrite: @escaping @Sendable (UInt64?, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> Bool {
        addProbe(in: pipeline, element: elementName, pad: padName, type: GST_PAD_PROBE_TYPE_BUFFER) { info in
            let time = squarecam_probe_buffer_time(info)
            var map = GstMapInfo()
            guard let bytes = squarecam_probe_map_writable(info, &map) else { return GST_PAD_PROBE_OK }
            rewrite(time == GstClockTime.max ? nil : UInt64(time), UnsafeMutableBufferPointer(start: bytes, count: Int(map.size)))
            squarecam_probe_unmap(info, &map)
            return GST_PAD_PROBE_OK
        }
    }

    /// Keeps requests to negotiate again (reconfigure events) from reaching
    /// the pad `padName` of `elementName`: they stop at the pad linked to it.
    @discardableResult
    static func dropRenegotiationRequests(in pipeline: GStreamerPipeline, element elementName: String, pad padName: String) -> Bool {
        addProbe(in: pipeline, element: elementName, pad: padName, onPeer: true, type: GST_PAD_PROBE_TYPE_EVENT_UPSTREAM) { info in
            squarecam_probe_event_type(info) == GST_EVENT_RECONFIGURE ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK
        }
    }

    /// Runs `action` once end-of-stream reaches the pad `padName` of `elementName`.
    @discardableResult
    static func onEndOfStream(
        in pipeline: GStreamerPipeline, element elementName: String, pad padName: String,
        _ action: @escaping @Sendable () -> Void
    ) -> Bool {
        addProbe(in: pipeline, element: elementName, pad: padName, type: GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM) { info in
            if squarecam_probe_event_type(info) == GST_EVENT_EOS { action() }
            return GST_PAD_PROBE_OK
        }
    }

    /// Sends end-of-stream into the pad `padName` of `elementName`, as if
    /// upstream had ended there: the branch behind it finishes while the
    /// rest of the pipeline streams on. False when there is no such pad or it refused.
    static func sendEndOfStream(in pipeline: GStreamerPipeline, element elementName: String, pad padName: String) -> Bool {
        pipeline.withElement(named: elementName) { element -> Bool in
            guard let pad = gst_element_get_static_pad(element, padName) else { return false }
            defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
            // gst_pad_send_event takes the pad's stream lock for a serialised
            // event, so it waits for a buffer in flight instead of racing it.
            return gst_pad_send_event(pad, gst_event_new_eos()) != 0
        } ?? false
    }

    private final class InfoBox {
        let body: @Sendable (UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn
        init(_ body: @escaping @Sendable (UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn) { self.body = body }
    }

    private static func addProbe(
        in pipeline: GStreamerPipeline, element elementName: String, pad padName: String, onPeer: Bool = false,
        type: GstPadProbeType, _ body: @escaping @Sendable (UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn
    ) -> Bool {
        pipeline.withElement(named: elementName) { element -> Bool in
            guard let own = gst_element_get_static_pad(element, padName) else { return false }
            defer { gst_object_unref(UnsafeMutableRawPointer(own)) }
            let linked = onPeer ? gst_pad_get_peer(own) : nil
            defer { if let linked { gst_object_unref(UnsafeMutableRawPointer(linked)) } }
            guard let pad = onPeer ? linked : own else { return false }
            let box = Unmanaged.passRetained(InfoBox(body)).toOpaque()
            let id = gst_pad_add_probe(pad, type, { _, info, context in
                guard let info, let context else { return GST_PAD_PROBE_OK }
                return Unmanaged<InfoBox>.fromOpaque(context).takeUnretainedValue().body(info)
            }, box, { context in
                // The pad drops the probe (and this box) when it is freed.
                if let context { Unmanaged<InfoBox>.fromOpaque(context).release() }
            })
            return id != 0
        } ?? false
    }
}
