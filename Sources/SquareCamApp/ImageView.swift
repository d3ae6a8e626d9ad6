import CGtk
import SquareCamCore

/// A drawing area that paints one `DisplayImage`, centred, covering the area
/// (cropping the overflow) or contained in it.
@MainActor
final class ImageView {
    let widget: Widget
    /// True: fill the whole area (aspect-fill); false: fit inside it.
    let covers: Bool
    /// The picture shown; setting it redraws.
    var image: DisplayImage? {
        didSet { gtk_widget_queue_draw(widget) }
    }

    init(covers: Bool) {
        self.covers = covers
        widget = gtk_drawing_area_new()
        WidgetStyle.expand(widget)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        // The drawing area keeps its view (and the image) until GTK frees it.
        let context = Unmanaged.passRetained(self).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(widget), { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let view = Unmanaged<ImageView>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { view.draw(cairo, width: Double(width), height: Double(height)) }
        }, context) { data in
            Unmanaged<ImageView>.fromOpaque(data!).release()
        }
    }

    /// The area's size in device pixels (its side when square).
    var devicePixelSize: PixelSize {
        let scale = Int(max(1, gtk_widget_get_scale_factor(widget)))
        return PixelSize(width: Int(gtk_widget_get_width(widget)) * scale, height: Int(gtk_widget_get_height(widget)) * scale)
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        guard let image, width > 0, height > 0 else { return }
        let imageWidth = Double(image.size.width), imageHeight = Double(image.size.height)
        let scale = covers ? max(width / imageWidth, height / imageHeight) : min(width / imageWidth, height / imageHeight)
        cairo_translate(cairo, (width - imageWidth * scale) / 2, (height - imageHeight * scale) / 2)
        cairo_scale(cairo, scale, scale)
        image.setAsSource(of: cairo)
        // Drawn 1:1 the filter does not matter; scaled, bilinear is cheap and smooth.
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
        cairo_paint(cairo)
    }
}
