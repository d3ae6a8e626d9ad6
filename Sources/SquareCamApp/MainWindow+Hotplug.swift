import CGtk
import SquareCamCapture
import SquareCamCore

/// Cameras plugged in and out while the app runs: the switcher follows, and
/// "No camera found" or "Camera disconnected" goes live when one arrives.
extension MainWindow {
    func startWatchingCameras() {
        if let listed = CameraOpener.listedCameras {
            setSwitcherCameras(listed)
            return
        }
        guard CameraOpener.watchesDevices else { return }
        let watcher = CameraHotplugWatcher(
            onAdded: { [weak self] added in Task { @MainActor in self?.cameraAdded(added) } },
            onRemoved: { [weak self] removed in Task { @MainActor in self?.cameraRemoved(removed) } })
        if let initial = watcher.start() {
            hotplugWatcher = watcher
            setSwitcherCameras(initial)
        }
    }

    private func cameraAdded(_ camera: CameraDescription) {
        guard !switcherCameras.contains(where: { $0.id == camera.id }) else { return }
        setSwitcherCameras(switcherCameras + [camera])
        switch flow.state {
        case .noCamera:
            cameraSpec = camera.id
            send(.cameraAvailable)
        case .disconnected:
            // The same camera back, or (when none was named) any camera.
            if cameraSpec == nil || cameraSpec == camera.id { send(.cameraAvailable) }
        default:
            break
        }
    }

    private func cameraRemoved(_ camera: CameraDescription) {
        setSwitcherCameras(switcherCameras.filter { $0.id != camera.id })
    }
}
