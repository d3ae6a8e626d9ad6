import Glibc
import Synchronization

/// A PipeWire connection's socket from the camera portal (`OpenPipeWireRemote`),
/// closed when the last reference goes. `pipewiresrc` and the PipeWire device
/// provider each connect through a duplicate of it (they `fcntl(F_DUPFD_CLOEXEC)`
/// themselves), so each user gets its own `duplicate()`: GStreamer shares one
/// PipeWire core per fd *number*, and a number reused after a reconnect must
/// not meet a dead core.
public final class PipeWireRemote: Sendable {
    /// The socket; valid until this object is freed.
    public let fileDescriptor: Int32

    /// Takes ownership of `descriptor`, moved to a number this process has
    /// not handed to GStreamer lately. GStreamer's PipeWire plugin keeps one
    /// core per fd *number* and finds it again by number; a probe's core can
    /// outlive the fd, so a recycled number handed a new list the previous
    /// (dead) connection: the tests saw the cameras of an earlier PipeWire.
    init(adopting descriptor: Int32) {
        fileDescriptor = Self.renumber(descriptor)
    }

    /// The next number to try, walking up through [firstNumber, limit) and wrapping.
    private static let nextNumber = Mutex<Int32>(firstNumber)
    private static let firstNumber: Int32 = 256

    private static func renumber(_ descriptor: Int32) -> Int32 {
        var limits = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
        let limit = Int32(clamping: min(limits.rlim_cur, 65536))
        guard limit > firstNumber * 2 else { return descriptor }
        let start = nextNumber.withLock { number -> Int32 in
            defer { number = number + 1 >= limit ? firstNumber : number + 1 }
            return number
        }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, start)
        guard moved >= 0 else { return descriptor }
        close(descriptor)
        nextNumber.withLock { $0 = moved + 1 >= limit ? firstNumber : moved + 1 }
        return moved
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
