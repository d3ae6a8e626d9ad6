import SquareCamCore
import Synchronization

/// Cameras opened directly (V4L2 nodes, libcamera), where there is no camera
/// portal to ask. Linux decides per device node: a node this user may not
/// open fails to start with `permissionDenied`, which explains the `video` group.
public final class DirectCameraProvider: CameraProvider {
    public let kind = "direct"
    private let configuration: CameraConfiguration
    /// A camera named by the user (`--camera /dev/video7`) that the list leaves
    /// out (a loopback device): offered too, since it was asked for.
    private let namedCameraID: String?

    public init(configuration: CameraConfiguration = CameraConfiguration(), namedCameraID: String? = nil) {
        self.configuration = configuration
        self.namedCameraID = namedCameraID
    }

    public func authorizationStatus() async -> CameraAuthorization { .authorized }
    public func requestAccess() async -> CameraAuthorization { .authorized }

    public func cameras() async throws -> [CameraDescription] {
        let listed = CameraDirectory.realCameras()
        guard let namedCameraID, !listed.contains(where: { $0.id == namedCameraID }),
              let named = try? CameraDirectory.resolve(.device(id: namedCameraID)).description
        else { return listed }
        return listed + [named]
    }

    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        let list = ListKeeper(handler: handler)
        let watcher = CameraHotplugWatcher(onAdded: { list.add($0) }, onRemoved: { list.remove($0) })
        guard let initial = watcher.start() else { return nil }
        list.set(initial)
        return HotplugWatch(watcher)
    }

    public func openCamera(_ camera: CameraDescription) throws -> any Camera {
        do {
            return try GStreamerCamera(description: camera, configuration: configuration)
        } catch {
            throw CameraFailure.failed(camera: camera.name, detail: error.description)
        }
    }

    /// The whole list, kept from the watcher's one-by-one changes.
    private final class ListKeeper: Sendable {
        private let cameras = Mutex<[CameraDescription]>([])
        private let handler: @Sendable ([CameraDescription]) -> Void

        init(handler: @escaping @Sendable ([CameraDescription]) -> Void) { self.handler = handler }

        func set(_ list: [CameraDescription]) { cameras.withLock { $0 = list } }
        func add(_ camera: CameraDescription) { handler(cameras.withLock { $0.append(camera); return $0 }) }
        func remove(_ camera: CameraDescription) { handler(cameras.withLock { list in list.removeAll { $0.id == camera.id }; return list }) }
    }

    private final class HotplugWatch: CameraWatch {
        private let watcher: CameraHotplugWatcher
        init(_ watcher: CameraHotplugWatcher) { self.watcher = watcher }
        func cancel() { watcher.stop() }
    }
}
