import CGtk

/// Owns one reference to a GObject and drops it in `deinit`.
///
/// Widgets placed in a window are owned by their parent; this is for objects
/// Swift keeps on its own (textures, animations, dialogs, widgets that move
/// between parents).
final class GObjectReference {
    /// The object as an untyped pointer for calls taking `gpointer`.
    let raw: UnsafeMutableRawPointer

    /// Takes over a reference returned by a constructor. A floating reference
    /// (widgets) is sunk so that it becomes ours rather than the next parent's.
    init(adopting pointer: UnsafeMutableRawPointer) {
        raw = pointer
        if g_object_is_floating(pointer) != 0 {
            g_object_ref_sink(pointer)
        }
    }

    convenience init(adopting pointer: OpaquePointer) {
        self.init(adopting: UnsafeMutableRawPointer(pointer))
    }

    /// Adds a reference of our own to an object someone else owns.
    init(retaining pointer: UnsafeMutableRawPointer) {
        raw = pointer
        g_object_ref_sink(pointer)
    }

    deinit {
        g_object_unref(raw)
    }

    /// The object for calls whose C type Swift imports as opaque.
    var opaque: OpaquePointer { OpaquePointer(raw) }
}
