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

extension FrameClock {
    /// Calls `body` once, right after the next frame `widget`'s window paints
    /// (GdkFrameClock "after-paint") and the display server has taken that
    /// frame (a round trip): by then what was set before is on screen.
    static func afterNextPaint(of widget: Widget, _ body: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            body()
            return
        }
        let instance = UnsafeMutableRawPointer(clock)
        let connection = OneShotConnection()
        connection.handler = Signal.connect(instance, "after-paint") {
            g_signal_handler_disconnect(instance, connection.handler)
            gdk_display_sync(gtk_widget_get_display(widget))
            body()
        }
        gtk_widget_queue_draw(widget)
    }
}

/// The id of a signal handler that disconnects itself, known only once connected.
@MainActor private final class OneShotConnection {
    var handler: gulong = 0
}
