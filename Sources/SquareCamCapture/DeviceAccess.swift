import Glibc
import SquareCamCore

/// Checks a device node with open(2) before GStreamer tries it, because
/// v4l2src reports a refused open only as a generic "could not open".
enum DeviceAccess {
    /// nil when the device opens for reading and writing; otherwise the failure.
    static func check(devicePath: String, camera: String) -> CameraFailure? {
        let descriptor = open(devicePath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            close(descriptor)
            return nil
        }
        return failure(errno: errno, devicePath: devicePath, camera: camera)
    }

    /// The failure an open(2) errno means for a camera.
    static func failure(errno code: Int32, devicePath: String, camera: String) -> CameraFailure {
        switch code {
        case EACCES, EPERM: .permissionDenied(camera: camera)
        case EBUSY: .busy(camera: camera)
        case ENOENT, ENODEV, ENXIO: .disconnected(camera: camera)
        default: .failed(camera: camera, detail: "\(devicePath) could not be opened: \(String(cString: strerror(code))).")
        }
    }
}
