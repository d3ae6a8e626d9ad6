import Synchronization
import SquareCamCore

/// Cameras opened directly, without a portal: V4L2 device nodes and
/// libcamera (PipeWire's own nodes are left to the portal provider). There is
/// no dialog: access is whether this user may open the device nodes, which on
/// most systems means being in the `video` group.
public final class DirectCameraProvider: CameraProvider {
    public let kind = "direct"
    /// How cameras from `openCamera` stream.
    public let configuration: CameraConfiguration
    /// A camera named by the user (`--camera /dev/video7`) that the list leaves
    /// out (a loopback device): offered too, since it was asked for.
    private let namedCameraID: String?

    public init(configuration: CameraConfiguration = CameraConfiguration(), namedCameraID: String? = nil) {
        self.configuration = configuration
        self.namedCameraID = namedCameraID
    }

    /// Denied when there are cameras and every one of them refuses this user
    /// (EACCES on its device node); authorized otherwise.
    /// Not asked: listing V4L2 devices means probing them, and access is never undetermined here.
    public func hasCameras() async -> Bool? { nil }

    public func authorizationStatus() async -> CameraAuthorization {
        let nodes = CameraDirectory.realCameras().compactMap { CameraSource(id: $0.id)?.devicePath }
        guard !nodes.isEmpty else { return .authorized }
        let refused = nodes.filter { path in
            if case .permissionDenied? = DeviceAccess.check(devicePath: path, camera: path) { return true }
            return false
        }
        return refused.count == nodes.count ? .denied : .authorized
    }

    /// Nobody to ask: the answer is what the device nodes allow.
    public func requestAccess() async -> CameraAuthorization {
        await authorizationStatus()
    }

    /// Real capture cameras, each once, front cameras first (and the named one).
    public func cameras() async throws -> [CameraDescription] {
        let listed = CameraDirectory.realCameras()
        guard let namedCameraID, !listed.contains(where: { $0.id == namedCameraID }),
              let named = try? CameraDirectory.resolve(.device(id: namedCameraID)).description
        else { return listed }
        return listed + [named]
    }

    /// Cameras plugged in and out (GStreamer's device monitor); the first call is the list when watching starts.
    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        DirectCameraWatch(handler: handler)
    }

    /// A camera for one of `cameras()`; a node refusing this user fails at
    /// `start()` with `.permissionDenied`, whose message names the `video` group.
    public func openCamera(_ camera: CameraDescription) throws -> any Camera {
        try GStreamerCamera(description: camera, configuration: configuration)
    }
}

/// `CameraHotplugWatcher` as a `CameraWatch` reporting whole lists.
final class DirectCameraWatch: CameraWatch {
    private let watcher: CameraHotplugWatcher

    init(handler: @escaping @Sendable ([CameraDescription]) -> Void) {
        let list = Mutex<[CameraDescription]>([])
        watcher = CameraHotplugWatcher(
            onAdded: { camera in handler(list.withLock { $0.append(camera); return $0 }) },
            onRemoved: { camera in handler(list.withLock { $0.removeAll { $0.id == camera.id }; return $0 }) })
        let initial = watcher.start() ?? []
        list.withLock { $0 = initial }
        handler(initial)
    }

    func cancel() {
        watcher.stop()
    }
}
