import CGStreamer
import Glibc

/// GStreamer's process-wide set-up, done once whichever thread gets there first.
enum GStreamerRuntime {
    // A global `let` is initialised exactly once, under swift_once, so two
    // threads opening cameras at the same time cannot both run gst_init.
    private static let initialized: Bool = {
        // libcamera's device probe logs warnings ("No IPA found") on stderr,
        // which would land in `squarecam devices` output; a user's own
        // setting wins (overwrite 0).
        setenv("LIBCAMERA_LOG_LEVELS", "*:ERROR", 0)
        gst_init(nil, nil)
        // PipeWire cameras are reached only through the camera portal's
        // remote (PipeWireDeviceList); the generic device monitor must not
        // connect to PipeWire's default socket behind the portal's back. It
        // takes providers of rank MARGINAL and up; an explicit factory lookup
        // by name still finds this one.
        if let factory = gst_device_provider_factory_find("pipewiredeviceprovider") {
            gst_plugin_feature_set_rank(factory, UInt32(GST_RANK_NONE.rawValue))
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
        return true
    }()

    /// Initialises GStreamer if nobody has yet; cheap after the first call.
    static func ensureInitialized() {
        _ = initialized
    }

    /// Whether an element factory (a plugin's element) is installed.
    static func hasElement(_ name: String) -> Bool {
        ensureInitialized()
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }

    /// An installed plugin: its release, and its file once loaded into this process.
    struct LoadedPlugin {
        var release: String
        /// Nil when it would not load.
        var file: String?
    }

    /// Loads the plugin `name` (if it is not loaded yet); nil when it is not installed.
    static func loadPlugin(_ name: String) -> LoadedPlugin? {
        ensureInitialized()
        guard let found = gst_registry_find_plugin(gst_registry_get(), name) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(found)) }
        let release = gst_plugin_get_version(found).map { String(cString: $0) } ?? ""
        guard let loaded = gst_plugin_load(found) else { return LoadedPlugin(release: release, file: nil) }
        defer { gst_object_unref(UnsafeMutableRawPointer(loaded)) }
        return LoadedPlugin(release: release, file: gst_plugin_get_filename(loaded).map { String(cString: $0) })
    }
}
