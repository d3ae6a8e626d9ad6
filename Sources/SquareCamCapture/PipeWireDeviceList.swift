import CGStreamer
import SquareCamCore
import Synchronization

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
        // A new instance, not gst_device_provider_factory_get_by_name: that
        // returns one process-wide provider, so a second list would share the
        // first one's fd, start count and devices (the tests saw the cameras
        // of an earlier, dead PipeWire).
        guard let factory = gst_device_provider_factory_find("pipewiredeviceprovider") else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        guard let loaded = gst_plugin_feature_load(factory) else { return nil }
        gst_object_unref(UnsafeMutableRawPointer(loaded))
        let type = gst_device_provider_factory_get_device_provider_type(factory)
        guard type != 0, let instance = g_object_new_with_properties(type, 0, nil, nil) else { return nil }
        let provider = instance.withMemoryRebound(to: GstDeviceProvider.self, capacity: 1) { $0 }
        gst_object_ref_sink(UnsafeMutableRawPointer(provider))
        self.provider = provider
        self.remote = remote
        bus = gst_device_provider_get_bus(provider)
        squarecam_set_int(UnsafeMutableRawPointer(provider), "fd", remote.fileDescriptor)
    }

    deinit {
        guard started else {
            gst_object_unref(UnsafeMutableRawPointer(bus))
            gst_object_unref(UnsafeMutableRawPointer(provider))
            return
        }
        // A started provider is never stopped: gstreamer1.0-pipewire 0.3.65
        // frees its registry proxy twice in gst_device_provider_stop
        // (AddressSanitizer: double free; without it glibc aborted the tests
        // with "corrupted size vs. prev_size"), seen after PipeWire died and
        // after a plain cancel. Its fd stays open too: GStreamer shares one
        // PipeWire core per fd *number*, so a reused number would hand a new
        // pipewiresrc this provider's (possibly dead) core. A few hundred
        // bytes and one fd per watch ended, against a crash.
        let kept = Abandoned(provider: provider, bus: bus, remote: remote)
        Self.abandoned.withLock { $0.append(kept) }
    }

    /// A started provider and what it uses, kept for the life of the process (see deinit).
    private struct Abandoned: @unchecked Sendable {
        // @unchecked: never used again, only kept.
        let provider: UnsafeMutablePointer<GstDeviceProvider>
        let bus: UnsafeMutablePointer<GstBus>
        let remote: PipeWireRemote
    }

    private static let abandoned = Mutex<[Abandoned]>([])

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
