import SquareCamCore

/// The cameras on this computer and the built-in ones, and what a `--camera`
/// value means among them.
public enum CameraDirectory {
    /// Real capture cameras, each once, front cameras first (probes the
    /// v4l2, libcamera and PipeWire providers; takes a moment).
    public static func realCameras() -> [CameraDescription] {
        CameraCatalog.cameras(from: DeviceMonitor().currentDevices())
    }

    /// What `squarecam devices` lists: the real cameras, then the test camera.
    public static func allCameras() -> [CameraDescription] {
        realCameras() + [TestCamera.description]
    }

    /// The camera a spec names. `auto` is the first real camera, or the test
    /// camera when there is none (`usedTestFallback` says so, for a warning);
    /// with `requireRealCamera` it throws `CameraFailure.noCamera` instead.
    /// A device id nobody lists throws `CameraSpecError.unknownDevice`.
    public static func resolve(_ spec: CameraSpec, requireRealCamera: Bool = false) throws -> ResolvedCamera {
        switch spec {
        case .auto:
            if let first = realCameras().first { return ResolvedCamera(description: first, usedTestFallback: false) }
            if requireRealCamera { throw CameraFailure.noCamera }
            return ResolvedCamera(description: TestCamera.description, usedTestFallback: true)
        case .test(let size, let rate, let flashes):
            if requireRealCamera { throw CameraFailure.noCamera }
            return ResolvedCamera(description: TestCamera.description(size: size, framesPerSecond: rate, flashes: flashes),
                                  usedTestFallback: false)
        case .file(let path):
            if requireRealCamera { throw CameraFailure.noCamera }
            return ResolvedCamera(description: TestCamera.imageFile(path: path), usedTestFallback: false)
        case .device(let id):
            let records = DeviceMonitor().currentDevices()
            let cameras = CameraCatalog.cameras(from: records)
            if let match = cameras.first(where: { $0.id == id }) {
                return ResolvedCamera(description: match, usedTestFallback: false)
            }
            // A node the list leaves out (a v4l2loopback camera) is used when named.
            if id.hasPrefix("/dev/"), let named = CameraCatalog.namedCamera(devicePath: id, from: records) {
                return ResolvedCamera(description: named, usedTestFallback: false)
            }
            // …even when no provider probed it: GStreamer then picks its format.
            if let node = VideoNodeScan.unlistedNode(devicePath: id) {
                return ResolvedCamera(description: node, usedTestFallback: false)
            }
            throw CameraSpecError.unknownDevice(id: id, known: cameras.map(\.id))
        }
    }
}

/// A camera picked for a `--camera` value.
public struct ResolvedCamera: Sendable, Hashable {
    public var description: CameraDescription
    /// True when `auto` found no real camera and chose the test pattern.
    public var usedTestFallback: Bool

    public init(description: CameraDescription, usedTestFallback: Bool) {
        self.description = description
        self.usedTestFallback = usedTestFallback
    }
}

extension GStreamerCamera {
    /// A camera for a `--camera` value, resolved as `CameraDirectory.resolve` does.
    public convenience init(
        spec: CameraSpec, configuration: CameraConfiguration = CameraConfiguration(), requireRealCamera: Bool = false
    ) throws {
        let resolved = try CameraDirectory.resolve(spec, requireRealCamera: requireRealCamera)
        try self.init(description: resolved.description, configuration: configuration)
    }
}
