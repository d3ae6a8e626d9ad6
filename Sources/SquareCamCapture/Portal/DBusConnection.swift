import CGioDBus
import Dispatch
import FoundationEssentials
import SquareCamCore
import Synchronization

/// A D-Bus value as the portal and the permission store exchange them.
enum DBusValue: Hashable, Sendable {
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case string(String)
    case objectPath(String)
    /// An index into the message's fd list (type `h`).
    case handle(Int32)
    case array([DBusValue])
    /// A dictionary with string keys (`a{sv}`, `a{sas}`); variants are unwrapped.
    case dictionary([String: DBusValue])
    case tuple([DBusValue])
    /// A type these callers never read.
    case unsupported

    var string: String? { if case .string(let text) = self { text } else if case .objectPath(let path) = self { path } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var uint32: UInt32? { if case .uint32(let value) = self { value } else { nil } }
    var array: [DBusValue]? { if case .array(let items) = self { items } else { nil } }
    var dictionary: [String: DBusValue]? { if case .dictionary(let items) = self { items } else { nil } }
}

/// Why a D-Bus call failed: the remote error's name when there is one.
struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `org.freedesktop.portal.Error.NotAllowed`, `org.freedesktop.DBus.Error.ServiceUnknown`, …
    var name: String?
    var message: String
    var timedOut = false

    var description: String { (name.map { $0 + ": " } ?? "") + message }
}

/// A private connection to a message bus through GDBus (every unsafe GDBus
/// and GVariant call lives here). Private, not GIO's shared session bus:
/// tests point it at their own bus, and closing it never disturbs anyone.
///
/// No GLib main loop is needed: signals are caught by a message filter,
/// which GDBus runs on its own worker thread.
final class DBusConnection: @unchecked Sendable {
    // @unchecked: GDBusConnection is thread-safe and the pointers never change.
    private let connection: OpaquePointer
    private var filterId: guint = 0
    private let router = SignalRouter()
    private let nextWatchId = Atomic<Int>(0)

    /// The unique name the bus gave this connection (":1.42").
    let uniqueName: String

    /// Connects and says hello to the bus at `address`; nil when there is no
    /// bus there or it did not answer within `timeout`.
    static func open(address: String, timeout: Duration = .milliseconds(1500)) -> DBusConnection? {
        let cancellable = g_cancellable_new()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        // A stopped or wedged daemon would block the handshake forever.
        let canceller = DispatchWorkItem { g_cancellable_cancel(cancellable) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.inSeconds, execute: canceller)
        defer { canceller.cancel() }
        var error: UnsafeMutablePointer<GError>?
        let connection = g_dbus_connection_new_for_address_sync(address, squarecam_bus_client_flags(), nil, cancellable, &error)
        if let error { g_error_free(error) }
        guard let connection else { return nil }
        return DBusConnection(connection)
    }

    private init(_ connection: OpaquePointer) {
        self.connection = connection
        uniqueName = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        // No exit when the bus goes away: the caller decides what that means.
        g_dbus_connection_set_exit_on_close(connection, 0)
        // The filter may still run on GDBus's thread after it is removed: it
        // holds its own reference to the router, released by GDBus when done.
        let context = Unmanaged.passRetained(router).toOpaque()
        filterId = g_dbus_connection_add_filter(connection, { _, message, incoming, context in
            guard let message, let context, incoming != 0 else { return message }
            Unmanaged<SignalRouter>.fromOpaque(context).takeUnretainedValue().route(message)
            return message
        }, context, { context in
            if let context { Unmanaged<SignalRouter>.fromOpaque(context).release() }
        })
    }

    deinit {
        g_dbus_connection_remove_filter(connection, filterId)
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    // MARK: Calls

    /// Calls a method and returns the reply's values. `autoStart` lets the bus
    /// start a D-Bus-activatable service (bounded by `timeout` all the same).
    func call(
        _ destination: String, path: String, interface: String, method: String,
        _ arguments: [DBusValue] = [], timeout: Duration = .milliseconds(1500), autoStart: Bool = false
    ) throws(DBusError) -> [DBusValue] {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, Self.tuple(arguments), nil,
            autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START,
            timeout.milliseconds, nil, &error)
        if let error { throw Self.take(error) }
        guard let reply else { throw DBusError(message: "no reply") }
        defer { g_variant_unref(reply) }
        return Self.decode(reply).tupleItems
    }

    /// Calls a method whose reply carries one fd (a `h` value); returns that
    /// fd, which the caller owns (close it).
    func callReturningFileDescriptor(
        _ destination: String, path: String, interface: String, method: String,
        _ arguments: [DBusValue] = [], timeout: Duration = .milliseconds(1500)
    ) throws(DBusError) -> Int32 {
        var error: UnsafeMutablePointer<GError>?
        var fdList: UnsafeMutablePointer<GUnixFDList>?
        let reply = g_dbus_connection_call_with_unix_fd_list_sync(
            connection, destination, path, interface, method, Self.tuple(arguments), nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout.milliseconds, nil, &fdList, nil, &error)
        defer { if let fdList { g_object_unref(UnsafeMutableRawPointer(fdList)) } }
        if let error { throw Self.take(error) }
        guard let reply else { throw DBusError(message: "no reply") }
        defer { g_variant_unref(reply) }
        guard case .handle(let index)? = Self.decode(reply).tupleItems.first, let fdList else {
            throw DBusError(message: "the reply carried no file descriptor")
        }
        // g_unix_fd_list_get duplicates: the list closes its own copy when freed.
        let descriptor = g_unix_fd_list_get(fdList, index, &error)
        if let error { throw Self.take(error) }
        return descriptor
    }

    // MARK: Signals

    /// Asks the bus to route a signal to us (a match rule), then calls
    /// `handler` with its values on a GDBus thread until the returned id is
    /// passed to `stopWatching`. Watch before the call that makes the signal.
    func watchSignal(
        sender: String, path: String, interface: String, member: String,
        handler: @escaping @Sendable ([DBusValue]) -> Void
    ) throws(DBusError) -> Int {
        let id = nextWatchId.add(1, ordering: .relaxed).newValue
        router.add(id, SignalRouter.Watch(path: path, interface: interface, member: member, handler: handler))
        do {
            _ = try call("org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                         method: "AddMatch", [.string(Self.matchRule(sender: sender, path: path, interface: interface, member: member))])
        } catch {
            stopWatching(id)
            throw error
        }
        return id
    }

    /// Ends a watch; its handler is not called after this returns. Safe to call twice.
    func stopWatching(_ id: Int) {
        router.remove(id)
    }

    private static func matchRule(sender: String, path: String, interface: String, member: String) -> String {
        "type='signal',sender='\(sender)',path='\(path)',interface='\(interface)',member='\(member)'"
    }

    // MARK: GVariant

    private static func take(_ error: UnsafeMutablePointer<GError>) -> DBusError {
        defer { g_error_free(error) }
        let remoteName = g_dbus_error_get_remote_error(error).map { name in
            defer { g_free(name) }
            return String(cString: name)
        }
        let timedOut = error.pointee.domain == squarecam_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue)
        _ = g_dbus_error_strip_remote_error(error)
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return DBusError(name: remoteName, message: message, timedOut: timedOut)
    }

    /// A floating tuple of `values` (consumed by the call it is passed to).
    private static func tuple(_ values: [DBusValue]) -> OpaquePointer? {
        var children = values.map(encode)
        return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private static func encode(_ value: DBusValue) -> OpaquePointer? {
        switch value {
        case .bool(let flag): return g_variant_new_boolean(flag ? 1 : 0)
        case .int32(let number): return g_variant_new_int32(number)
        case .uint32(let number): return g_variant_new_uint32(number)
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .handle(let index): return g_variant_new_handle(index)
        case .tuple(let items): return tuple(items)
        case .array(let items):
            // Only string arrays are ever sent (permission values).
            let type = g_variant_type_new("as")
            defer { g_variant_type_free(type) }
            let builder = g_variant_builder_new(type)
            defer { g_variant_builder_unref(builder) }
            for item in items { g_variant_builder_add_value(builder, encode(item)) }
            return g_variant_builder_end(builder)
        case .dictionary(let items):
            // a{sv}: the portal's options.
            let type = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(type) }
            let builder = g_variant_builder_new(type)
            defer { g_variant_builder_unref(builder) }
            for (key, item) in items.sorted(by: { $0.key < $1.key }) {
                g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(encode(item))))
            }
            return g_variant_builder_end(builder)
        case .unsupported:
            return g_variant_new_tuple(nil, 0)
        }
    }

    fileprivate static func decode(_ variant: OpaquePointer) -> DBusValue {
        switch g_variant_classify(variant) {
        case G_VARIANT_CLASS_BOOLEAN: return .bool(g_variant_get_boolean(variant) != 0)
        case G_VARIANT_CLASS_INT32: return .int32(g_variant_get_int32(variant))
        case G_VARIANT_CLASS_UINT32: return .uint32(g_variant_get_uint32(variant))
        case G_VARIANT_CLASS_STRING: return .string(String(cString: g_variant_get_string(variant, nil)))
        case G_VARIANT_CLASS_OBJECT_PATH: return .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case G_VARIANT_CLASS_HANDLE: return .handle(g_variant_get_handle(variant))
        case G_VARIANT_CLASS_VARIANT:
            guard let inner = g_variant_get_variant(variant) else { return .unsupported }
            defer { g_variant_unref(inner) }
            return decode(inner)
        case G_VARIANT_CLASS_TUPLE:
            let items = children(of: variant)
            defer { items.forEach { g_variant_unref($0) } }
            return .tuple(items.map(decode))
        case G_VARIANT_CLASS_ARRAY:
            let items = children(of: variant)
            defer { items.forEach { g_variant_unref($0) } }
            if let first = items.first, g_variant_classify(first) == G_VARIANT_CLASS_DICT_ENTRY {
                var dictionary: [String: DBusValue] = [:]
                for entry in items {
                    let pair = children(of: entry)
                    defer { pair.forEach { g_variant_unref($0) } }
                    guard pair.count == 2, let key = decode(pair[0]).string else { continue }
                    dictionary[key] = decode(pair[1])
                }
                return .dictionary(dictionary)
            }
            return .array(items.map(decode))
        default:
            return .unsupported
        }
    }

    /// The children of a container, each a new reference.
    private static func children(of variant: OpaquePointer) -> [OpaquePointer] {
        (0..<g_variant_n_children(variant)).compactMap { g_variant_get_child_value(variant, $0) }
    }
}

/// Hands incoming signals to the watches waiting for them (on GDBus's thread).
private final class SignalRouter: Sendable {
    struct Watch {
        var path: String
        var interface: String
        var member: String
        var handler: @Sendable ([DBusValue]) -> Void
    }

    private let watches = Mutex<[Int: Watch]>([:])

    func add(_ id: Int, _ watch: Watch) { watches.withLock { $0[id] = watch } }

    func remove(_ id: Int) { _ = watches.withLock { $0.removeValue(forKey: id) } }

    func route(_ message: OpaquePointer) {
        guard g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_SIGNAL,
              let path = g_dbus_message_get_path(message).map({ String(cString: $0) }),
              let interface = g_dbus_message_get_interface(message).map({ String(cString: $0) }),
              let member = g_dbus_message_get_member(message).map({ String(cString: $0) })
        else { return }
        let handlers = watches.withLock { watches in
            watches.values.filter { $0.path == path && $0.interface == interface && $0.member == member }.map(\.handler)
        }
        guard !handlers.isEmpty else { return }
        let values = g_dbus_message_get_body(message).map { DBusConnection.decode($0).tupleItems } ?? []
        for handler in handlers { handler(values) }
    }
}

private extension DBusValue {
    var tupleItems: [DBusValue] { if case .tuple(let items) = self { items } else { [self] } }
}

private extension Duration {
    /// Whole milliseconds for a GDBus timeout (at least 1).
    var milliseconds: Int32 { Int32(clamping: max(1, Int(inMilliseconds.rounded()))) }
}
