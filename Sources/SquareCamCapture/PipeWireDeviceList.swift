import CGStreamer
import SquareCamCore

/// GStreamer's PipeWire device provider on one camera-portal remote (every
/// unsafe device-provider call lives here): lists the camera nodes the portal
/// lets this app see, and reports nodes coming and going.
///
/// The provider connects through the remote's fd number (it duplicates it
/// itself, and shares one PipeWire core per number with any `pipewiresrc`
/// given the same number), so each list gets a remote of its own.
final class PipeWireDeviceList: @unchecked Sendable {
    // @unchecked: GstDeviceProvider and its bus are thread-safe; the pointers never change.
    private let provider: UnsafeMutablePointer<GstDeviceProvider>
    private let bus: UnsafeMutablePointer<GstBus>
    private var started = false
    /// Kept open as long as the provider may use its number.
    let remote: PipeWireRemote

    /// nil when GStreamer's PipeWire plugin (gstreamer1.0-pipewire) is missing.
    init?(remote: PipeWireRemote) {
        GStreamerRuntime.ensureInitialized()
        guard let provider = gst_device_provider_factory_get_by_name("pipewiredeviceprovider") else { return nil }
        self.provider = provider
        self.remote = remote
        bus = gst_device_provider_get_bus(provider)
        squarecam_set_int(UnsafeMutableRawPointer(provider), "fd", remote.fileDescriptor)
    }

    deinit {
        if started { gst_device_provider_stop(provider) }
        gst_object_unref(UnsafeMutableRawPointer(bus))
        gst_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// The camera nodes visible now (connects and lists once when not started).
    func currentDevices() -> [DeviceRecord] {
        var records: [DeviceRecord] = []
        var node = gst_device_provider_get_devices(provider)
        let list = node
        defer { g_list_free_full(list) { gst_object_unref($0) } }
        while let current = node {
            if let device = current.pointee.data {
                records.append(DeviceMonitor.record(device.assumingMemoryBound(to: GstDevice.self)))
            }
            node = current.pointee.next
        }
        return records
    }

    /// Starts watching for nodes; false when PipeWire could not be reached.
    func start() -> Bool {
        started = gst_device_provider_start(provider) != 0
        return started
    }

    /// Waits up to `timeout` seconds for a node to come or go; true when one did.
    func waitForChange(timeout: Double) -> Bool {
        let mask = GstMessageType(rawValue: GST_MESSAGE_DEVICE_ADDED.rawValue | GST_MESSAGE_DEVICE_REMOVED.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(max(0, timeout) * 1e9), mask) else { return false }
        gst_message_unref(message)
        return true
    }
}
