import Synchronization

/// Pipelines whose PipeWire daemon died under them, kept for the rest of
/// the process and never stopped.
///
/// Stopping `pipewiresrc` destroys its `pw_stream`, and in PipeWire 0.3.65 a
/// stream destroyed after its connection died sometimes calls through a
/// freed hook (`pw_stream_destroy` → `pw_proxy_destroy` → client-node →
/// `pw_impl_node_set_state` → `pw_impl_port_set_param` → address 1: a
/// SIGSEGV about once in 70 PipeWire restarts, `make test-portal-stress`).
/// A dead daemon sends nothing more, so such a pipeline's `pipewiresrc` is
/// left playing, never stopped, while the rest of it goes to NULL (its
/// queued frames freed, its threads joined). That costs, once per PipeWire
/// restart (rare in a desktop session), the source's idle threads and the
/// PipeWire buffers it still maps: 3 threads and about 20 MB for the stress
/// test's camera (`max-buffers=4`). A pipeline whose daemon still runs is
/// stopped as any other.
enum ParkedPipelines {
    private static let parked = Mutex<[GStreamerPipeline]>([])

    static func park(_ pipeline: GStreamerPipeline) {
        parked.withLock { $0.append(pipeline) }
    }

    /// How many are parked (the portal tests check that a restart parks one).
    static var count: Int { parked.withLock { $0.count } }
}
