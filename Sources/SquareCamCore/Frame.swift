/// Uncompressed pixels, as a camera delivers them or a decoder produces them.
///
/// Plain bytes with explicit strides, so the capture, imaging and app layers
/// can pass frames between them without sharing a C type.
public struct Frame: Sendable {
    /// How the bytes of a frame are laid out.
    public enum Layout: Sendable, Hashable {
        /// One plane, 3 bytes per pixel: R, G, B.
        case rgb
        /// One plane, 4 bytes per pixel: R, G, B, A.
        case rgba
        /// One plane, 1 byte per pixel.
        case gray
        /// Three planes: Y at full size, U and V at half width and half height
        /// (rounded up).
        case i420

        /// How many planes a frame of this layout has.
        public var planeCount: Int { self == .i420 ? 3 : 1 }

        /// Bytes per pixel in the first plane (every I420 plane has one byte per sample).
        public var bytesPerPixel: Int {
            switch self {
            case .rgb: 3
            case .rgba: 4
            case .gray, .i420: 1
            }
        }
    }

    /// One plane of pixels: `stride` bytes per row.
    public struct Plane: Sendable {
        public var bytes: [UInt8]
        public var stride: Int

        public init(bytes: [UInt8], stride: Int) {
            self.bytes = bytes
            self.stride = stride
        }
    }

    public var size: PixelSize
    public var layout: Layout
    public var planes: [Plane]

    public init(size: PixelSize, layout: Layout, planes: [Plane]) {
        precondition(planes.count == layout.planeCount, "a \(layout) frame has \(layout.planeCount) planes")
        self.size = size
        self.layout = layout
        self.planes = planes
    }
}
