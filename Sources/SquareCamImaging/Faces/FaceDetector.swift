import CFaces
import SquareCamCore

/// A face found in a picture: where, in that picture's pixels, and how sure the detector is.
public struct DetectedFace: Sendable, Hashable {
    /// The face from the eyebrows to the chin, roughly square (dlib's box:
    /// hair and forehead lie above it).
    public var rect: PixelRect
    /// The detector's confidence, above 0; higher is surer.
    public var score: Double

    public init(rect: PixelRect, score: Double) {
        self.rect = rect
        self.score = score
    }
}

/// dlib's face model (Sources/CFaces), made once per process: read from the
/// cache file (FaceModelCache), or unpacked from dlib when there is none.
public final class FaceModel: Sendable {
    // Read-only once made, so it may be shared (cfaces.h says so).
    nonisolated(unsafe) fileprivate let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// dlib's compiled-in model: about 250 ms to unpack. Nil when out of memory.
    static func builtin() -> FaceModel? { cfaces_model_builtin().map(FaceModel.init) }

    /// A model from `plainBytes`; nil when they are not one.
    convenience init?(plainBytes: [UInt8]) {
        guard let pointer = plainBytes.withUnsafeBufferPointer({ cfaces_model_read($0.baseAddress, $0.count) }) else { return nil }
        self.init(pointer)
    }

    /// The model's plain bytes (about 155 KB), read back in 2 ms; nil when dlib failed.
    var plainBytes: [UInt8]? {
        let size = cfaces_model_write(pointer, nil, 0)
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBufferPointer { cfaces_model_write(pointer, $0.baseAddress, $0.count) }
        return written == size ? bytes : nil
    }

    /// dlib's version: plain bytes are read only by the dlib that wrote them.
    static var dlibVersion: String { String(cString: cfaces_dlib_version()) }

    deinit { cfaces_model_free(pointer) }
}

/// Frontal faces in a frame, by dlib's HOG detector (Sources/CFaces). This
/// file holds every call into it.
///
/// The detector works on gray pixels at about 480 pixels on the long side
/// (measured 29 ms per picture there on this machine's cores; see
/// ARCHITECTURE.md), so larger frames are shrunk first. It finds faces at
/// least about 80 pixels across at that size: a face about a sixth of the
/// picture's long side, as in a portrait, a selfie or an avatar.
public enum FaceDetector {
    /// The long side frames are shrunk to before searching.
    public static let workingLongSide = 480
    /// The long side a camera's frame is searched at to follow a face
    /// (`shoot --follow-face`, the app): a person a step back from a webcam
    /// has a face about a tenth of the frame's width, which 480 misses.
    public static let followingLongSide = 640
    /// Frames up to this long are searched as they are: shrinking a 504-pixel
    /// preview (a 12 MP photo's 1/8 JPEG decode) to 480 would cost more than it saves.
    static let largestSearchedAsIs = 640
    /// More faces than this in one picture are not reported (a crowd's square holds the best).
    static let capacity = 64

    /// The faces in `frame`, in its own pixel coordinates, surest first.
    /// Empty when there is none, or when the detector could not run (no model, out of memory).
    /// `threads` 2 splits the search over two threads (the same faces, within
    /// a pixel): for a core that would otherwise wait.
    /// `searchedLongSide` is the size a larger frame is shrunk to (the
    /// smallest face found is about a sixth of the long side at 480, an eighth at 640).
    public static func faces(in frame: Frame, threads: Int = 1, searchedLongSide: Int = workingLongSide,
                             model: FaceModel? = FaceModelCache.shared) -> [DetectedFace] {
        let longSide = max(frame.size.width, frame.size.height)
        guard longSide > 0, let model else { return [] }
        let scale = longSide > max(largestSearchedAsIs, searchedLongSide) ? Double(searchedLongSide) / Double(longSide) : 1
        let gray = frame.lumaFrame(scaledBy: scale)
        let plane = gray.planes[0]
        var found = [cfaces_face](repeating: cfaces_face(), count: capacity)
        let count = plane.bytes.withUnsafeBufferPointer { pixels in
            cfaces_detect(model.pointer, pixels.baseAddress, Int32(gray.size.width), Int32(gray.size.height), plane.stride,
                          Int32(threads),
                          &found, Int32(capacity))
        }
        guard count > 0 else { return [] }
        return found.prefix(Int(min(count, Int32(capacity)))).compactMap { face in
            // Back to the frame's pixels; dlib's box may reach past the picture's edge.
            let rect = PixelRect(
                x: Int((Double(face.x) / scale).rounded()), y: Int((Double(face.y) / scale).rounded()),
                width: Int((Double(face.width) / scale).rounded()), height: Int((Double(face.height) / scale).rounded()))
            guard let inside = rect.intersection(frame.size.bounds) else { return nil }
            return DetectedFace(rect: inside, score: face.score)
        }
    }

    /// The faces a camera's frame shows (only inside `region` when given),
    /// as boxes in its pixels, searched at `followingLongSide`: the app's
    /// face finder for following (`CaptureController.FaceFinding`).
    public static func boxesForFollowing(in frame: Frame, region: PixelRect? = nil) -> [Rect2D] {
        guard let region, let inside = region.intersection(frame.size.bounds), inside != frame.size.bounds else {
            return faces(in: frame, searchedLongSide: followingLongSide).map(\.rect.rect2D)
        }
        return faces(in: frame.copying(region: inside), searchedLongSide: followingLongSide)
            .map { $0.rect.offsetBy(dx: inside.x, dy: inside.y).rect2D }
    }
}
