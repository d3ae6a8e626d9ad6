import CGStreamer

/// The appsink elements at the ends of a capture pipeline, driven by
/// callbacks (not signals): each new sample is pulled at once and handed over
/// as a `VideoSample` reference, without copying pixels.
enum AppSink {
    private final class CallbackBox {
        let onSample: @Sendable (VideoSample) -> Void
        init(_ onSample: @escaping @Sendable (VideoSample) -> Void) { self.onSample = onSample }
    }

    /// Calls `onSample` on the streaming thread for every sample of the named appsink.
    static func deliverSamples(
        from pipeline: GStreamerPipeline,
        sinkNamed name: String,
        to onSample: @escaping @Sendable (VideoSample) -> Void
    ) {
        _ = pipeline.withElement(named: name) { element in
            var callbacks = GstAppSinkCallbacks()
            callbacks.new_sample = { sink, context in
                guard let sink, let context else { return GST_FLOW_OK }
                // Pull even if nobody wants it, or appsink keeps the old one queued.
                guard let sample = gst_app_sink_pull_sample(sink) else { return GST_FLOW_OK }
                let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
                box.onSample(VideoSample(adopting: sample))
                return GST_FLOW_OK
            }
            let box = Unmanaged.passRetained(CallbackBox(onSample)).toOpaque()
            gst_app_sink_set_callbacks(squarecam_as_app_sink(element), &callbacks, box) { context in
                guard let context else { return }
                Unmanaged<CallbackBox>.fromOpaque(context).release()
            }
        }
    }

    /// Removes the callbacks; GStreamer releases their box. Done before the
    /// pipeline goes to NULL so no callback runs into a camera that is stopping.
    static func stopDelivering(from pipeline: GStreamerPipeline, sinkNamed name: String) {
        _ = pipeline.withElement(named: name) { element in
            var none = GstAppSinkCallbacks()
            gst_app_sink_set_callbacks(squarecam_as_app_sink(element), &none, nil, nil)
        }
    }
}
