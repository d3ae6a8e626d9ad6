/// xdg-desktop-portal's permission store (`org.freedesktop.impl.portal.PermissionStore`),
/// read without asking anybody: where the camera portal keeps its answers
/// (table `devices`, id `camera`, one entry per app id; a host app's id is "").
enum PermissionStore {
    static let busName = "org.freedesktop.impl.portal.PermissionStore"
    static let objectPath = "/org/freedesktop/impl/portal/PermissionStore"
    static let notFoundError = "org.freedesktop.portal.Error.NotFound"
    /// The id x-d-p 1.16 gives an app that is not sandboxed.
    static let hostAppId = ""

    /// A stored camera answer.
    enum Answer: String, Sendable {
        case yes, no, ask
    }

    /// The stored camera answer for `appId`; nil when none is stored. Throws
    /// when the store cannot be reached (inside a sandbox it never can).
    static func cameraAnswer(on bus: DBusConnection, appId: String = hostAppId) throws(DBusError) -> Answer? {
        let reply: [DBusValue]
        do {
            // The store is D-Bus-activated on desktops; x-d-p has usually started it already.
            reply = try bus.call(busName, path: objectPath, interface: busName, method: "Lookup",
                                 [.string("devices"), .string("camera")], autoStart: true)
        } catch {
            if error.name == notFoundError { return nil }
            throw error
        }
        guard let values = reply.first?.dictionary?[appId]?.array, let first = values.first?.string else { return nil }
        return Answer(rawValue: first)
    }
}
