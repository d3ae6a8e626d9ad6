import CPipeWire

/// Camera nodes coming and going on one PipeWire connection, and the
/// connection's end, seen by a registry client of our own (Sources/CPipeWire).
/// GStreamer's PipeWire device provider, started, crashed the app in 4 of 25
/// PipeWire restarts (gstreamer1.0-pipewire 0.3.65 reads through its freed
/// core on its own thread), so it is only used to list, in a helper process
/// for the app (`CameraListHelper`).
final class PipeWireNodeWatch: @unchecked Sendable {
    // @unchecked: the C watch locks its own state; the pointer never changes.
    private let watch: OpaquePointer
    private let listener: Unmanaged<Listener>

    private final class Listener {
        let onChange: @Sendable () -> Void
        init(_ onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }
    }

    /// Connects through a duplicate of `remote`'s socket; `onChange` runs on
    /// PipeWire's thread for every camera node added or removed, when the
    /// first count is complete, and when the connection fails. Throws the reason when libpipewire is missing or
    /// PipeWire refuses.
    init(remote: PipeWireRemote, onChange: @escaping @Sendable () -> Void) throws(PipeWireWatchError) {
        let listener = Unmanaged.passRetained(Listener(onChange))
        var reason: UnsafePointer<CChar>?
        let started = squarecam_node_watch_start(remote.fileDescriptor, { context in
            Unmanaged<Listener>.fromOpaque(context!).takeUnretainedValue().onChange()
        }, listener.toOpaque(), &reason)
        guard let started else {
            listener.release()
            throw PipeWireWatchError(reason: reason.map { String(cString: $0) } ?? "unknown")
        }
        watch = started
        self.listener = listener
    }

    deinit {
        // No callback runs once this returns, so the listener can go.
        squarecam_node_watch_stop(watch)
        listener.release()
    }

    /// Whether libpipewire is there to watch with (it is loaded once, on the first use).
    static var isAvailable: Bool { squarecam_node_watch_available() }

    /// Camera (Video/Source) nodes visible on the connection now.
    var cameraCount: Int { Int(squarecam_node_watch_camera_count(watch)) }

    /// True once the nodes present when the watch connected have all been counted.
    var isSynced: Bool { squarecam_node_watch_is_synced(watch) }

    /// False once PipeWire has closed or broken the connection.
    var isConnected: Bool { squarecam_node_watch_is_connected(watch) }
}

/// Why a PipeWire watch could not start.
struct PipeWireWatchError: Error, Sendable {
    let reason: String
}
