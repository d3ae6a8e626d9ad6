import CPipeWire
import Dispatch

/// The nodes of one media class (cameras, microphones) coming and going on
/// one PipeWire connection, and the connection's end, seen by a registry
/// client of our own (Sources/CPipeWire). GStreamer's PipeWire device
/// provider, started, crashed the app in 4 of 25 PipeWire restarts
/// (gstreamer1.0-pipewire 0.3.65 reads through its freed core on its own
/// thread), so it only lists cameras (their modes), in a helper process.
final class PipeWireNodeWatch: @unchecked Sendable {
    // @unchecked: the C watch locks its own state; the pointer never changes.
    private let watch: OpaquePointer
    private let listener: Unmanaged<Listener>

    private final class Listener {
        let onChange: @Sendable () -> Void
        init(_ onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }
    }

    /// A node as its registry entry names it.
    struct Node: Hashable, Sendable {
        /// node.name: stable across restarts, what `target-object` takes.
        var name: String?
        /// node.description, or node.nick.
        var description: String?
    }

    /// Connects through a duplicate of `remote`'s socket, or with nil to the
    /// user's own PipeWire daemon; `onChange` runs on PipeWire's thread for
    /// every node of `mediaClass` (or a class below it) added or removed,
    /// when the first count is complete, and when the connection fails.
    /// Throws the reason when libpipewire is missing or PipeWire refuses.
    init(remote: PipeWireRemote?, mediaClass: String = "Video/Source", onChange: @escaping @Sendable () -> Void) throws(PipeWireWatchError) {
        let listener = Unmanaged.passRetained(Listener(onChange))
        var reason: UnsafePointer<CChar>?
        let started = squarecam_node_watch_start(remote?.fileDescriptor ?? -1, mediaClass, { context in
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

    /// How many nodes of the class are visible on the connection now.
    var count: Int { Int(squarecam_node_watch_count(watch)) }

    /// The nodes of the class visible now.
    var nodes: [Node] {
        var nodes: [Node] = []
        withUnsafeMutablePointer(to: &nodes) { collected in
            squarecam_node_watch_each(watch, { context, name, description in
                context!.assumingMemoryBound(to: [Node].self).pointee.append(
                    Node(name: name.map { String(cString: $0) }, description: description.map { String(cString: $0) }))
            }, collected)
        }
        return nodes
    }

    /// The nodes of `mediaClass` on the user's own PipeWire daemon now: a
    /// watch started, waited on until its first count is complete (or
    /// `timeout` seconds), and stopped. Empty when PipeWire cannot be reached.
    static func nodesNow(mediaClass: String, timeout: Double = 2) -> [Node] {
        let changed = DispatchSemaphore(value: 0)
        guard let watch = try? PipeWireNodeWatch(remote: nil, mediaClass: mediaClass, onChange: { changed.signal() }) else { return [] }
        let deadline = DispatchTime.now() + timeout
        while !watch.isSynced, watch.isConnected, changed.wait(timeout: deadline) == .success {}
        return watch.nodes
    }

    /// True once the nodes present when the watch connected have all been counted.
    var isSynced: Bool { squarecam_node_watch_is_synced(watch) }

    /// False once PipeWire has closed or broken the connection.
    var isConnected: Bool { squarecam_node_watch_is_connected(watch) }
}

/// Why a PipeWire watch could not start.
struct PipeWireWatchError: Error, Sendable {
    let reason: String
}
