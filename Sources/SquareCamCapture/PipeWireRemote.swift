import Glibc

/// A PipeWire connection's socket from the camera portal (`OpenPipeWireRemote`),
/// closed when the last reference goes. `pipewiresrc` and the PipeWire device
/// provider each connect through a duplicate of it (they `fcntl(F_DUPFD_CLOEXEC)`
/// themselves), so each user gets its own `duplicate()`: GStreamer shares one
/// PipeWire core per fd *number*, and a number reused after a reconnect must
/// not meet a dead core.
public final class PipeWireRemote: Sendable {
    /// The socket; valid until this object is freed.
    public let fileDescriptor: Int32

    /// Takes ownership of `descriptor`.
    init(adopting descriptor: Int32) {
        fileDescriptor = descriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// Another descriptor for the same connection, owned by the returned object.
    public func duplicate() -> PipeWireRemote? {
        let copy = fcntl(fileDescriptor, F_DUPFD_CLOEXEC, 3)
        return copy >= 0 ? PipeWireRemote(adopting: copy) : nil
    }

    /// True once PipeWire has closed the connection (it exited or was
    /// restarted): the remote is dead and a new one must be asked for.
    /// Only asks the kernel; never reads from the socket.
    public var isHungUp: Bool {
        var entry = pollfd(fd: fileDescriptor, events: Int16(POLLHUP), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
