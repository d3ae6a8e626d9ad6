import CGtk

/// How the app's memory is reused from frame to frame.
///
/// Every frame the live view allocates images of the same few sizes and frees
/// them again: GTK 4.8's cairo renderer makes an image of the part of the
/// window it redraws for each frame on X11, and each viewfinder picture is a
/// new surface. glibc moves its thresholds with the blocks freed so far: a
/// block above the mmap threshold gets fresh pages of its own, and free
/// memory above the trim threshold (twice the other) at the heap's top goes
/// back to the system. With a 640x480 or 1280x720 camera the heap grew by
/// three 1.4 MB blocks and shrank by 4.1 MB every frame (strace: brk), so
/// every frame faulted in and zero-filled those pages again, a third of the
/// app's CPU time while live (benchmarks/app.sh). Whether it happens depends
/// on which blocks were freed first: a 1920x1080 camera, and most runs of the
/// debug build, were spared. Fixed thresholds keep the blocks in the heap,
/// where the next frame takes them back.
public enum FrameMemory {
    /// Blocks below this size come from the heap: glibc's largest, which a
    /// 3840x2160 window's image (33.2 MB) still fits under; a larger decoded
    /// photo is mapped and unmapped on its own.
    static let heapBlockLimit: Int32 = 32 << 20
    /// Free memory at the heap's top is given back to the system past this
    /// size: above one frame's images even on a 4K screen, or each frame
    /// would be given back and faulted in again.
    static let keptFreeMemory: Int32 = 64 << 20

    /// Call before the first frame (setting either turns glibc's moving threshold off).
    public static func reuseFrameSizedBlocks() {
        _ = mallopt(M_MMAP_THRESHOLD, heapBlockLimit)
        _ = mallopt(M_TRIM_THRESHOLD, keptFreeMemory)
    }
}
