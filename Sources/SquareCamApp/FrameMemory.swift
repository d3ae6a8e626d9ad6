import CGtk

/// How the app's memory is reused from frame to frame.
///
/// Every frame the live view allocates images of the same few sizes and frees
/// them again: GTK 4.8's cairo renderer makes a window-sized image for each
/// frame it draws on X11, and each viewfinder picture is a new surface.
/// glibc serves a block of at least its mmap threshold from fresh pages and
/// raises the threshold only to the size of a block freed earlier, so blocks
/// of the same size as the last one freed are mapped anew each time: every
/// frame page-faulted and zero-filled megabytes twice. With a 640x480 or
/// 1280x720 camera that was a third of the app's CPU time while live
/// (benchmarks/app.sh; a 1920x1080 one happened to free a larger block early
/// and was spared). A fixed threshold above any frame keeps those blocks in
/// the heap, where the next frame takes them back.
enum FrameMemory {
    /// Blocks below this size come from the heap: glibc's largest, which a
    /// 3840x2160 window's image (33.2 MB) still fits under; a larger decoded
    /// photo is mapped and unmapped on its own.
    static let heapBlockLimit: Int32 = 32 << 20
    /// Free memory at the heap's top is given back to the system past this
    /// size: above one frame's images even on a 4K screen, or each frame
    /// would be given back and faulted in again.
    static let keptFreeMemory: Int32 = 64 << 20

    /// Call before the first frame (setting either turns glibc's moving threshold off).
    static func reuseFrameSizedBlocks() {
        _ = mallopt(M_MMAP_THRESHOLD, heapBlockLimit)
        _ = mallopt(M_TRIM_THRESHOLD, keptFreeMemory)
    }
}
