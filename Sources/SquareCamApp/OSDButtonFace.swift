import CGtk

/// The rounded backdrop of an on-screen-display button over the live picture
/// (a circle, or a pill for a wider one), painted from an image made once per
/// size and colour.
///
/// Why not libadwaita's CSS background: GTK 4.8's cairo renderer redraws all
/// that lies over the viewfinder at every frame, and it draws a background
/// with rounded corners as a fill clipped to a curved path, which cairo
/// tessellates and rasterizes anew each time. Over a 30 fps picture the
/// buttons shown cost about 5 ms of the main thread a second (perf: an eighth
/// of it); the same shapes painted from images, under half a millisecond.
///
/// The colour still comes from the style sheet: the face's CSS `color`, which
/// `MainWindow`'s rules set from the button's state as libadwaita colours an
/// OSD button's background (hover, pressed, checked; disabled dims the whole button).
@MainActor
final class OSDButtonFace {
    /// The button's own content (its icon, label or both), now laid over the
    /// face: the widget to update afterwards.
    let content: Widget
    private let face: Widget
    /// The image painted, and what it was made for.
    private var image: OpaquePointer?
    private var imageKey: ImageKey?

    private struct ImageKey: Equatable {
        let width: Int32, height: Int32, scale: Int32
        let colour: [Float]
    }

    /// Lays `button`'s content over a face; the button gets the class `drawn-face`.
    init(button: Widget) {
        let content = gtk_button_get_child(gcast(button))!
        g_object_ref(content)
        gtk_button_set_child(gcast(button), nil)
        face = gtk_drawing_area_new()
        WidgetStyle.addClass(face, "osd-face")
        gtk_widget_set_can_target(face, 0)
        squarecam_accessible_set_hidden(face, 1)
        let layers = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(layers), face)
        gtk_overlay_add_overlay(gcast(layers), content)
        // The content gives the button its size; the face takes whatever that is.
        gtk_overlay_set_measure_overlay(gcast(layers), content, 1)
        WidgetStyle.addClass(content, "osd-content")
        gtk_button_set_child(gcast(button), layers)
        g_object_unref(content)
        self.content = content
        WidgetStyle.addClass(button, "drawn-face")
        // The drawing area keeps its face until GTK frees it.
        gtk_drawing_area_set_draw_func(gcast(face), { area, cairo, width, height, data in
            guard let area, let cairo, let data else { return }
            let face = Unmanaged<OSDButtonFace>.fromOpaque(data).takeUnretainedValue()
            let scale = gtk_widget_get_scale_factor(gcast(area))
            MainActor.assumeIsolated { face.paint(cairo, width: width, height: height, scale: scale) }
        }, Unmanaged.passRetained(self).toOpaque()) { data in
            Unmanaged<OSDButtonFace>.fromOpaque(data!).release()
        }
    }

    private func paint(_ cairo: OpaquePointer, width: Int32, height: Int32, scale: Int32) {
        guard width > 0, height > 0 else { return }
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(face), &colour)
        let key = ImageKey(width: width, height: height, scale: scale, colour: [colour.red, colour.green, colour.blue, colour.alpha])
        if key != imageKey {
            if let image { cairo_surface_destroy(image) }
            image = Self.makeImage(width: width, height: height, scale: scale, colour: colour)
            imageKey = key
        }
        guard let image else { return }
        cairo_set_source_surface(cairo, image, 0, 0)
        cairo_paint(cairo)
    }

    /// A rounded rectangle as round as it can be (a circle when square), in
    /// `colour`, at `scale` device pixels a point; nil if cairo cannot allocate it.
    private static func makeImage(width: Int32, height: Int32, scale: Int32, colour: GdkRGBA) -> OpaquePointer? {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)!
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            return nil
        }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        let cairo = cairo_create(image)!
        let w = Double(width), h = Double(height), radius = min(w, h) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, w - radius, radius, radius, -.pi / 2, .pi / 2)
        cairo_arc(cairo, radius, h - radius, radius, .pi / 2, 3 * .pi / 2)
        cairo_close_path(cairo)
        cairo_set_source_rgba(cairo, Double(colour.red), Double(colour.green), Double(colour.blue), Double(colour.alpha))
        cairo_fill(cairo)
        cairo_destroy(cairo)
        return image
    }

    isolated deinit {
        if let image { cairo_surface_destroy(image) }
    }
}
