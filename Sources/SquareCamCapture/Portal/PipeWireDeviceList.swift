import CGStreamer
import SquareCamCore

/// GStreamer's PipeWire device provider on one camera-portal remote (every
/// unsafe device-provider call lives here), used only to list the camera
/// nodes the portal lets this app see, once: it is never started. Started,
/// gstreamer1.0-pipewire 0.3.65's provider crashes its process when PipeWire
/// dies (a read through its freed core on its own thread) and frees its
/// registry proxy twice when stopped; `PipeWireNodeWatch` follows changes.
///
/// The provider connects through the remote's fd number (it duplicates it
/// itself, and shares one PipeWire core per number with any `pipewiresrc`
/// given the same number), so each list gets a remote of its own.
final class PipeWireDeviceList: @unchecked Sendable {
    // @unchecked: GstDeviceProvider is thread-safe; the pointer never changes.
    private let provider: UnsafeMutablePointer<GstDeviceProvider>
    /// Kept open as long as the provider may use its number.
    let remote: PipeWireRemote

    /// The nodes on `remote`; nil when GStreamer's PipeWire plugin
    /// (gstreamer1.0-pipewire) is missing.
    init?(remote: PipeWireRemote) {
        GStreamerRuntime.ensureInitialized()
        // A new instance, not gst_device_provider_factory_get_by_name: that
        // returns one process-wide provider, so a second list would share the
        // first one's fd and devices (the tests saw the cameras of an
        // earlier, dead PipeWire).
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
        squarecam_set_int(UnsafeMutableRawPointer(provider), "fd", remote.fileDescriptor)
    }

    deinit {
        gst_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// The camera nodes visible now: connects, lists and disconnects.
    func currentDevices() -> [DeviceRecord] {
        DeviceMonitor.records(takingDevices: gst_device_provider_get_devices(provider))
    }
}
