import CGtk
import SquareCamCore

/// The screens GDK knows (its monitors), in logical pixels.
@MainActor
enum ScreenGeometry {
    /// The largest monitor's size (by area); nil before GDK has a display, or with no monitor.
    static func largestMonitor() -> PixelSize? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return nil }
        var largest: PixelSize?
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let item = g_list_model_get_item(monitors, index) else { continue }
            defer { g_object_unref(item) }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(item), &geometry)
            let size = PixelSize(width: Int(geometry.width), height: Int(geometry.height))
            if size.width * size.height > (largest.map { $0.width * $0.height } ?? -1) { largest = size }
        }
        return largest
    }
}
