import FoundationEssentials
import Glibc
import SquareCamCore

/// Finds V4L2 nodes the device providers leave out because they cannot open
/// them: GStreamer's v4l2 provider probes each node with open(2) and drops the
/// ones refused, so a camera the user lacks permission for would vanish
/// instead of failing with "No permission".
enum VideoNodeScan {
    static let sysfsClass = "/sys/class/video4linux"

    /// Records for the nodes that exist but refuse this user, except those in `known`.
    static func unopenableNodes(notIn known: [DeviceRecord]) -> [DeviceRecord] {
        let knownPaths = Set(known.compactMap(CameraCatalog.v4l2Path))
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: sysfsClass)) ?? []
        return entries.sorted().compactMap { entry -> DeviceRecord? in
            let devicePath = "/dev/" + entry
            guard entry.hasPrefix("video"), !knownPaths.contains(devicePath) else { return nil }
            let descriptor = open(devicePath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            let openErrno = descriptor >= 0 ? 0 : errno
            if descriptor >= 0 { close(descriptor) }
            return record(
                devicePath: devicePath, sysfsName: readAttribute(entry, "name"),
                sysfsIndex: readAttribute(entry, "index"), openErrno: openErrno)
        }
    }

    /// A refused node as a camera record. Only EACCES/EPERM count: other nodes
    /// the providers skipped have reasons of their own. Only index 0 of a
    /// device, since its other nodes (UVC metadata) are no cameras and, unopened,
    /// cannot be told apart by their capabilities.
    static func record(devicePath: String, sysfsName: String?, sysfsIndex: String?, openErrno: Int32) -> DeviceRecord? {
        guard openErrno == EACCES || openErrno == EPERM else { return nil }
        guard (sysfsIndex ?? "0") == "0" else { return nil }
        let name = sysfsName.flatMap { $0.isEmpty ? nil : $0 } ?? devicePath
        return DeviceRecord(displayName: name, properties: ["api.v4l2.path": devicePath], accessDenied: true)
    }

    /// A camera for a V4L2 node no provider listed, named by the user: only a
    /// `/dev/video*` character device, with its sysfs name and no known modes.
    static func unlistedNode(devicePath: String) -> CameraDescription? {
        let entry = String(devicePath.dropFirst("/dev/".count))
        guard devicePath.hasPrefix("/dev/video"), !entry.contains("/") else { return nil }
        var info = stat()
        guard stat(devicePath, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
        let name = readAttribute(entry, "name").flatMap { $0.isEmpty ? nil : $0 } ?? devicePath
        return CameraDescription(id: devicePath, name: name, facing: .external, modes: [])
    }

    private static func readAttribute(_ entry: String, _ attribute: String) -> String? {
        // One line, as sysfs writes it: the text without its newline and edge spaces.
        (try? String(contentsOfFile: "\(sysfsClass)/\(entry)/\(attribute)", encoding: .utf8))
            .map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
    }
}
