import CGtk

/// Connects Swift closures to GObject signals.
///
/// The closure lives in a box retained by the signal (`passRetained`) and
/// released by GLib's destroy notify when the object dies or the handler is
/// disconnected; the C thunks capture nothing. GTK emits on the main thread.
@MainActor
enum Signal {
    private final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }

    typealias Handler1 = @MainActor () -> Void
    typealias Handler2 = @MainActor () -> Bool
    typealias Handler3 = @MainActor (gpointer?) -> Void
    typealias Handler4 = @MainActor (Int32) -> Void
    typealias Handler5 = @MainActor (Double) -> Void
    typealias Handler6 = @MainActor (Double, Double) -> Void
    typealias Handler7 = @MainActor (Double, Double) -> Bool
    typealias Handler8 = @MainActor (Int32, Int32) -> Void
    typealias Handler9 = @MainActor (gpointer?) -> GdkRectangle?

    private static let release: GClosureNotify = { data, _ in
        // The box's concrete type does not matter for a release.
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    @discardableResult
    private static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ handler: Handler, thunk: GCallback
    ) -> gulong {
        let box = Unmanaged.passRetained(Box(handler) as AnyObject).toOpaque()
        return squarecam_signal_connect(instance, name, thunk, box, release)
    }

    private static func stored<H>(_ data: gpointer?, as _: H.Type) -> H {
        (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<H>).handler
    }

    /// `void (*)(GObject *, gpointer)`: "clicked", "activate", "destroy", "shutdown", …
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler1.self)() }
        }
        return connect(instance, name, handler as Handler1, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *, gpointer)`: "close-request", …
    @discardableResult
    static func connectReturning(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler2.self)() ? 1 : 0 }
        }
        return connect(instance, name, handler as Handler2, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gpointer arg, gpointer)`: GSimpleAction "activate", "notify::…", …
    @discardableResult
    static func connectPointer(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (gpointer?) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler3.self)(argument) }
        }
        return connect(instance, name, handler as Handler3, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gint, gpointer)`: GtkNativeDialog "response".
    @discardableResult
    static func connectInt(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (Int32) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler4.self)(value) }
        }
        return connect(instance, name, handler as Handler4, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gdouble, gpointer)`: GtkGestureZoom "scale-changed".
    @discardableResult
    static func connectDouble(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (Double) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler5.self)(value) }
        }
        return connect(instance, name, handler as Handler5, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gdouble, gdouble, gpointer)`: drag "drag-begin"/"drag-update".
    @discardableResult
    static func connectPoint(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (Double, Double) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler6.self)(x, y) }
        }
        return connect(instance, name, handler as Handler6, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *, gdouble, gdouble, gpointer)`: GtkEventControllerScroll "scroll".
    @discardableResult
    static func connectPointReturning(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (Double, Double) -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, x, y, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler7.self)(x, y) ? 1 : 0 }
        }
        return connect(instance, name, handler as Handler7, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gint, gint, gpointer)`: GtkDrawingArea "resize".
    @discardableResult
    static func connectSize(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor (Int32, Int32) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            MainActor.assumeIsolated { Signal.stored(data, as: Handler8.self)(width, height) }
        }
        return connect(instance, name, handler as Handler8, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GObject *, GtkWidget *child, GdkRectangle *, gpointer)`: GtkOverlay
    /// "get-child-position", asked for each overlay child as the overlay is allocated;
    /// nil leaves the child to GTK.
    @discardableResult
    static func connectChildPosition(_ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (gpointer?) -> GdkRectangle?) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, UnsafeMutablePointer<GdkRectangle>?, gpointer?) -> gboolean = { _, child, rect, data in
            MainActor.assumeIsolated {
                guard let rect, let position = Signal.stored(data, as: Handler9.self)(child) else { return 0 }
                rect.pointee = position
                return 1
            }
        }
        return connect(instance, "get-child-position", handler as Handler9, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
