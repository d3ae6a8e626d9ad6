import SquareCamCore

/// Where a camera's frames come from, decoded from a camera id.
///
/// Ids are chosen so that they are also valid `--camera` values: `/dev/video0`,
/// `pipewire:<object serial>`, `libcamera:<camera name>`, `test:WxH@FPS`, `file:PATH`.
enum CameraSource: Hashable, Sendable {
    case testPattern(size: PixelSize, framesPerSecond: Int, flashes: Bool = false)
    case imageFile(path: String)
    case v4l2(devicePath: String)
    /// A PipeWire node; `fd` is a remote opened through the camera portal, if any.
    case pipewire(objectSerial: String, fd: Int32?)
    case libcamera(cameraName: String)

    static let pipewirePrefix = "pipewire:"
    static let libcameraPrefix = "libcamera:"
    /// `pipewire:default`: whichever camera PipeWire (or the portal's remote) offers first.
    static let pipewireDefault = "default"

    /// Decodes an id as listed by `CameraCatalog` or given as `--camera`.
    init?(id: String) {
        if id.hasPrefix(Self.pipewirePrefix) {
            let serial = String(id.dropFirst(Self.pipewirePrefix.count))
            guard !serial.isEmpty else { return nil }
            self = .pipewire(objectSerial: serial, fd: nil)
        } else if id.hasPrefix(Self.libcameraPrefix) {
            let name = String(id.dropFirst(Self.libcameraPrefix.count))
            guard !name.isEmpty else { return nil }
            self = .libcamera(cameraName: name)
        } else if id.hasPrefix("/dev/") {
            self = .v4l2(devicePath: id)
        } else {
            switch try? CameraSpec(parsing: id) {
            case .test(let size, let rate, let flashes): self = .testPattern(size: size, framesPerSecond: rate, flashes: flashes)
            case .file(let path): self = .imageFile(path: path)
            default: return nil
            }
        }
    }

    /// The id that decodes back to this source.
    var id: String {
        switch self {
        case .testPattern(let size, let rate, let flashes): CameraSpec.test(size: size, framesPerSecond: rate, flashes: flashes).description
        case .imageFile(let path): CameraSpec.file(path: path).description
        case .v4l2(let path): path
        case .pipewire(let serial, _): Self.pipewirePrefix + serial
        case .libcamera(let name): Self.libcameraPrefix + name
        }
    }

    /// The test pattern's frame size; nil for every other source.
    var testPatternSize: PixelSize? {
        if case .testPattern(let size, _, _) = self { size } else { nil }
    }

    /// The device node to check with open(2) before streaming, if any.
    var devicePath: String? {
        if case .v4l2(let path) = self { path } else { nil }
    }
}
