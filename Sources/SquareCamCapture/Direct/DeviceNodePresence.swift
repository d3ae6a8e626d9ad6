/// Whether a camera's device node still answers, as `DeviceAccess.presence` finds it.
enum DeviceNodePresence: Hashable, Sendable {
    /// The node opens (or refuses for a reason other than being gone).
    case present
    /// The node is missing or its driver has left (ENOENT, ENODEV, ENXIO).
    case gone
    /// Not a device node (test pattern, image file, PipeWire, libcamera), or not asked.
    case unknown
}
