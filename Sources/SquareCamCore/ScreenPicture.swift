/// A viewfinder picture as a screen takes it without a copy: 4 bytes a pixel,
/// B, G, R, 255 (cairo's ARGB32 and GDK's default format on little-endian
/// machines, Core Video's 32BGRA), rows `stride` bytes apart, in memory of its
/// own that stays where it is while the picture lives, so that a screen
/// surface can be made over it.
///
/// Why not a `Frame`: its bytes are a Swift array, whose memory may not be
/// handed to a surface that outlives the call; copying a frame into a surface
/// cost the viewfinder a pass over every pixel at every frame.
///
/// Written once, by the camera that makes it, then only read.
public final class ScreenPicture: @unchecked Sendable {
    // @unchecked: `pixels` is written only before the picture is handed on.
    public let size: PixelSize
    /// Bytes from one row to the next: 4 × width.
    public let stride: Int
    /// Flipped left-right, as a selfie view shows a front camera.
    public let mirrored: Bool
    public let pixels: UnsafeMutableRawPointer

    /// Memory for a picture of `size` (its contents undefined until written).
    public init(size: PixelSize, mirrored: Bool) {
        precondition(!size.isEmpty, "a screen picture has pixels")
        self.size = size
        self.stride = size.width * 4
        self.mirrored = mirrored
        // malloc's own alignment: cairo needs 4 bytes, the scaler's stores take any. An
        // aligned allocation (memalign) left the heap with 150 MB more after 20 PipeWire
        // restarts (harness/portal/stress.py: 760 MB against 602).
        pixels = .allocate(byteCount: stride * size.height, alignment: 16)
    }

    deinit {
        pixels.deallocate()
    }
}
