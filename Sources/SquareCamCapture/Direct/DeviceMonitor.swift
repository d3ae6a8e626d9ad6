import CGStreamer
import FoundationEssentials
import SquareCamCore

/// GstDeviceMonitor for video (or sound) sources (every unsafe device-monitor call lives
/// here): a one-off list, and a started monitor whose bus is popped on our
/// own thread for hot-plug, since the CLI runs no GLib main loop.
final class DeviceMonitor: @unchecked Sendable {
    // @unchecked: GstDeviceMonitor and its bus are thread-safe; the pointers never change.
    private let monitor: UnsafeMutablePointer<GstDeviceMonitor>
    private let bus: UnsafeMutablePointer<GstBus>

    /// A change the monitor saw.
    enum Change: Sendable {
        case added(DeviceRecord)
        case removed(DeviceRecord)
    }

    /// Cameras, or with `Audio/Source` microphones.
    init(deviceClass: String = "Video/Source") {
        GStreamerRuntime.ensureInitialized()
        // Before libcamera's provider is probed: see LibcameraManagerHold.
        if deviceClass == "Video/Source" { LibcameraManagerHold.ensure() }
        monitor = gst_device_monitor_new()!
        bus = gst_device_monitor_get_bus(monitor)!
        _ = gst_device_monitor_add_filter(monitor, deviceClass, nil)
        // Camera providers hide each other (libcamera hides v4l2, PipeWire
        // hides v4l2): see them all, and de-duplicate ourselves, so a camera
        // only one of them can drive (vivid, a UVC camera without PipeWire)
        // is kept. For sound, PipeWire hiding PulseAudio's view of the same
        // microphones is what is wanted.
        gst_device_monitor_set_show_all_devices(monitor, deviceClass == "Video/Source" ? 1 : 0)
    }

    deinit {
        gst_device_monitor_stop(monitor)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        gst_object_unref(UnsafeMutableRawPointer(monitor))
    }

    /// Every video source the providers see now (probes them; needs no start),
    /// plus the V4L2 nodes they skipped because this user may not open them.
    func currentDevices() -> [DeviceRecord] {
        let seen = providerDevices()
        return seen + VideoNodeScan.unopenableNodes(notIn: seen)
    }

    /// Every source the providers see now.
    func providerDevices() -> [DeviceRecord] {
        Self.records(takingDevices: gst_device_monitor_get_devices(monitor))
    }

    /// The records of a list of devices GStreamer handed over (a monitor's
    /// or a provider's); the list and its devices are released.
    static func records(takingDevices list: UnsafeMutablePointer<GList>?) -> [DeviceRecord] {
        defer { g_list_free_full(list) { gst_object_unref($0) } }
        var records: [DeviceRecord] = []
        var node = list
        while let current = node {
            if let device = current.pointee.data {
                records.append(record(device.assumingMemoryBound(to: GstDevice.self)))
            }
            node = current.pointee.next
        }
        return records
    }

    /// Starts watching; false when no provider could start.
    func start() -> Bool {
        gst_device_monitor_start(monitor) != 0
    }

    func stop() {
        gst_device_monitor_stop(monitor)
    }

    /// Waits up to `timeout` seconds for the next added or removed device.
    func nextChange(timeout: Double) -> Change? {
        let nanoseconds = GstClockTime(max(0, timeout) * 1e9)
        let mask = GstMessageType(rawValue: GST_MESSAGE_DEVICE_ADDED.rawValue | GST_MESSAGE_DEVICE_REMOVED.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, nanoseconds, mask) else { return nil }
        defer { gst_message_unref(message) }
        var device: UnsafeMutablePointer<GstDevice>?
        let type = squarecam_message_type(message)
        if type == GST_MESSAGE_DEVICE_ADDED {
            gst_message_parse_device_added(message, &device)
        } else {
            gst_message_parse_device_removed(message, &device)
        }
        guard let device else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(device)) }
        let record = Self.record(device)
        return type == GST_MESSAGE_DEVICE_ADDED ? .added(record) : .removed(record)
    }

    /// One provider's device as a record (also used for the portal's PipeWire devices).
    static func record(_ device: UnsafeMutablePointer<GstDevice>) -> DeviceRecord {
        let name = takeString(gst_device_get_display_name(device)) ?? "Camera"
        let deviceClass = takeString(gst_device_get_device_class(device)) ?? ""
        var properties: [String: String] = [:]
        if let structure = gst_device_get_properties(device) {
            properties = read(structure)
            gst_structure_free(structure)
        }
        var modes: [CameraMode] = []
        if let caps = gst_device_get_caps(device) {
            modes = CameraModeExpansion.modes(from: CapsReader.read(caps))
            gst_caps_unref(caps)
        }
        // PulseAudio's devices keep their source name in the object, not its properties.
        if let internalName = takeString(squarecam_get_string(UnsafeMutableRawPointer(device), "internal-name")) {
            properties["squarecam.internal-name"] = internalName
        }
        return DeviceRecord(
            displayName: name, deviceClass: deviceClass, properties: properties, modes: modes,
            libcameraName: isLibcameraDevice(device) ? name : nil,
            usbRemovable: usbRemovable(sysfsPath: properties["sysfs.path"]))
    }

    /// The libcamera provider's devices carry no properties; tell them by type name.
    private static func isLibcameraDevice(_ device: UnsafeMutablePointer<GstDevice>) -> Bool {
        let instance = UnsafeMutableRawPointer(device).assumingMemoryBound(to: GTypeInstance.self)
        guard let typeName = g_type_name(instance.pointee.g_class.pointee.g_type) else { return false }
        return String(cString: typeName).lowercased().contains("libcamera")
    }

    private static func read(_ structure: UnsafeMutablePointer<GstStructure>) -> [String: String] {
        var result: [String: String] = [:]
        for index in 0..<gst_structure_n_fields(structure) {
            guard let fieldName = gst_structure_nth_field_name(structure, UInt32(index)),
                  let value = gst_structure_get_value(structure, fieldName)
            else { continue }
            let key = String(cString: fieldName)
            if squarecam_value_holds_string(value) != 0 {
                result[key] = g_value_get_string(value).map { String(cString: $0) }
            } else if squarecam_value_holds_uint(value) != 0, key.hasPrefix("api.v4l2.cap.") {
                // Capability bits read as PipeWire writes them: "0x" hex.
                result[key] = "0x" + String(g_value_get_uint(value), radix: 16)
            } else {
                result[key] = takeString(gst_value_serialize(value))
            }
        }
        return result
    }

    private static func takeString(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Walks up from the video node's sysfs path to its USB device and reads
    /// `removable` ("fixed" means built in, e.g. a laptop's webcam).
    private static func usbRemovable(sysfsPath: String?) -> String? {
        guard var url = sysfsPath.map({ URL(fileURLWithPath: $0) }) else { return nil }
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("removable")
            if let text = try? String(contentsOf: candidate, encoding: .utf8) {
                return text.trimmingWhitespace()
            }
        }
        return nil
    }
}
