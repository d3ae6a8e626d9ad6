import CGtk

/// Runs code after a widget has been drawn: GTK calls tick callbacks before
/// each frame it paints, so by the third tick the first frame is on screen.
@MainActor
enum FrameClock {
    private final class Pending {
        var ticksLeft: Int
        let body: @MainActor () -> Void
        init(ticks: Int, body: @escaping @MainActor () -> Void) {
            ticksLeft = ticks
            self.body = body
        }
    }

    /// Calls `body` once `widget` has gone through `frames` paints.
    static func afterPaints(of widget: Widget, frames: Int = 3, _ body: @escaping @MainActor () -> Void) {
        let pending = Unmanaged.passRetained(Pending(ticks: frames, body: body)).toOpaque()
        gtk_widget_add_tick_callback(widget, { _, _, data in
            let pending = Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
            pending.ticksLeft -= 1
            guard pending.ticksLeft <= 0 else { return 1 }  // G_SOURCE_CONTINUE
            MainActor.assumeIsolated { pending.body() }
            return 0  // G_SOURCE_REMOVE
        }, pending, { data in
            Unmanaged<Pending>.fromOpaque(data!).release()
        })
    }
}
