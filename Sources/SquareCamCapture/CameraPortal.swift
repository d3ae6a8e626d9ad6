import CPortal
import Foundation

/// Whether the xdg-desktop-portal camera portal can be used here.
public enum CameraPortalStatus: Hashable, Sendable, CustomStringConvertible {
    /// No D-Bus session bus (a headless machine, a plain SSH login): use the device directly.
    case noSessionBus
    /// A session bus, but no xdg-desktop-portal on it: use the device directly.
    case noPortal
    /// The portal is there; `cameraPresent` is its own view of whether a camera exists.
    case available(cameraPresent: Bool)

    public var description: String {
        switch self {
        case .noSessionBus: "no D-Bus session bus, so no camera portal: cameras are opened directly"
        case .noPortal: "no xdg-desktop-portal on the session bus: cameras are opened directly"
        case .available(let present): "camera portal available (camera present: \(present))"
        }
    }
}

/// The portal's answer to a request for the camera.
public enum CameraPortalAccess: Hashable, Sendable {
    /// Granted: a PipeWire remote that shows only cameras (`pipewiresrc fd=…`);
    /// pass it as `CameraConfiguration.pipeWireRemote`. The caller owns it.
    case granted(pipeWireRemote: Int32)
    /// The user or a policy said no.
    case denied
    /// The portal could not be asked (see the status).
    case unavailable(CameraPortalStatus)
}

/// The xdg-desktop-portal camera portal through libportal 0.6 (every libportal
/// and D-Bus call lives here). Looking for it never waits on D-Bus activation
/// or on an X11 autolaunch: without a session bus it answers at once.
public enum CameraPortal {
    private static let portalBusName = "org.freedesktop.portal.Desktop"
    /// Milliseconds any D-Bus question may take before the portal counts as absent.
    private static let callTimeoutMilliseconds: Int32 = 1500

    /// Where the session bus is, from the environment as GIO finds it; nil when there is none.
    static func sessionBusAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            let socket = runtime + "/bus"
            var status = stat()
            if stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { return "unix:path=" + socket }
        }
        return nil
    }

    /// Whether the camera portal can be used, decided within about a second.
    public static func status(environment: [String: String] = ProcessInfo.processInfo.environment) -> CameraPortalStatus {
        guard let address = sessionBusAddress(environment: environment),
              let connection = connect(to: address)
        else { return .noSessionBus }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        guard busHasPortal(connection) else { return .noPortal }
        return .available(cameraPresent: cameraPresent(connection))
    }

    /// Asks the portal for the camera (it may show a dialog) and opens the
    /// PipeWire remote. Runs its own GLib main context on a thread, so it
    /// works without the app's main loop; gives up after `timeoutSeconds`.
    public static func requestAccess(
        environment: [String: String] = ProcessInfo.processInfo.environment, timeoutSeconds: Double = 120
    ) async -> CameraPortalAccess {
        let current = status(environment: environment)
        guard case .available = current else { return .unavailable(current) }
        return await withCheckedContinuation { (done: CheckedContinuation<CameraPortalAccess, Never>) in
            let thread = Thread { done.resume(returning: askOnOwnContext(timeoutSeconds: timeoutSeconds)) }
            thread.name = "squarecam.camera-portal"
            thread.start()
        }
    }

    // MARK: D-Bus probing without blocking on activation

    private static func connect(to address: String) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let connection = g_dbus_connection_new_for_address_sync(address, squarecam_bus_client_flags(), nil, nil, &error)
        if let error { g_error_free(error) }
        return connection
    }

    /// Whether xdg-desktop-portal runs or can be started on this bus.
    private static func busHasPortal(_ connection: OpaquePointer) -> Bool {
        if let owned = call(connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                            interface: "org.freedesktop.DBus", method: "NameHasOwner",
                            arguments: [g_variant_new_string(portalBusName)]) {
            defer { g_variant_unref(owned) }
            if firstChildIsTrue(owned) { return true }
        }
        guard let names = call(connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                               interface: "org.freedesktop.DBus", method: "ListActivatableNames", arguments: [])
        else { return false }
        defer { g_variant_unref(names) }
        guard let list = g_variant_get_child_value(names, 0) else { return false }
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).contains { index in
            guard let child = g_variant_get_child_value(list, index) else { return false }
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil)) == portalBusName
        }
    }

    private static func cameraPresent(_ connection: OpaquePointer) -> Bool {
        guard let reply = call(connection, destination: portalBusName, path: "/org/freedesktop/portal/desktop",
                               interface: "org.freedesktop.DBus.Properties", method: "Get",
                               arguments: [g_variant_new_string("org.freedesktop.portal.Camera"), g_variant_new_string("IsCameraPresent")])
        else { return false }
        defer { g_variant_unref(reply) }
        guard let boxed = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(boxed) }
        guard let value = g_variant_get_variant(boxed) else { return false }
        defer { g_variant_unref(value) }
        return g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(value) != 0
    }

    private static func call(
        _ connection: OpaquePointer, destination: String, path: String,
        interface: String, method: String, arguments: [OpaquePointer?]
    ) -> OpaquePointer? {
        var children = arguments
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, parameters, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, callTimeoutMilliseconds, nil, &error)
        if let error { g_error_free(error) }
        return reply
    }

    private static func firstChildIsTrue(_ tuple: OpaquePointer) -> Bool {
        guard let child = g_variant_get_child_value(tuple, 0) else { return false }
        defer { g_variant_unref(child) }
        return g_variant_classify(child) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(child) != 0
    }

    // MARK: The request, on a private main context

    private final class RequestBox {
        var finished = false
        var granted = false
    }

    private static func askOnOwnContext(timeoutSeconds: Double) -> CameraPortalAccess {
        guard let context = g_main_context_new() else { return .unavailable(.noPortal) }
        defer { g_main_context_unref(context) }
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        guard let portal = xdp_portal_new() else { return .unavailable(.noPortal) }
        defer { g_object_unref(UnsafeMutableRawPointer(portal)) }

        let box = RequestBox()
        let unmanaged = Unmanaged.passRetained(box)
        xdp_portal_access_camera(portal, nil, XDP_CAMERA_FLAG_NONE, nil, { source, result, context in
            guard let context else { return }
            let box = Unmanaged<RequestBox>.fromOpaque(context).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let portal = source.map { OpaquePointer($0) }
            box.granted = portal.map { xdp_portal_access_camera_finish($0, result, &error) != 0 } ?? false
            if let error { g_error_free(error) }
            box.finished = true
        }, unmanaged.toOpaque())

        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while !box.finished && Date() < deadline {
            _ = g_main_context_iteration(context, 0)
            usleep(10_000)
        }
        guard box.finished else { return .unavailable(.noPortal) }
        guard box.granted else { return .denied }
        let remote = xdp_portal_open_pipewire_remote_for_camera(portal)
        return remote >= 0 ? .granted(pipeWireRemote: remote) : .denied
    }
}
