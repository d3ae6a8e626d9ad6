import Glibc
import SquareCamCore

/// Checks a device node (or an image file) before GStreamer tries it,
/// because GStreamer reports a refused open only as a generic "could not open".
enum DeviceAccess {
    /// nil when the image file can be read; otherwise why not, in words.
    static func problemReading(imageFile path: String) -> String? {
        guard access(path, R_OK) != 0 else { return nil }
        return errno == ENOENT ? "there is no file at \(path): check the path." : "\(path) cannot be read: check its permissions."
    }

    /// nil when the device opens for reading and writing; otherwise the failure.
    static func check(devicePath: String, camera: String) -> CameraFailure? {
        let descriptor = open(devicePath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            close(descriptor)
            return nil
        }
        return failure(errno: errno, devicePath: devicePath, camera: camera)
    }

    /// Whether a device node is still there, asked when a stream breaks: an
    /// unbound driver removes the node, vivid's `disconnect` control and a
    /// USB unplug mid-stream leave it refusing opens with ENODEV.
    static func presence(devicePath: String) -> DeviceNodePresence {
        let descriptor = open(devicePath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 {
            close(descriptor)
            return .present
        }
        return presence(openErrno: errno)
    }

    /// What an open(2) errno says about the node's presence.
    static func presence(openErrno code: Int32) -> DeviceNodePresence {
        switch code {
        case ENOENT, ENODEV, ENXIO: .gone
        default: .present
        }
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
