import FoundationEssentials
import SquareCamCore

/// The rules that turn what device providers report into the cameras a
/// person picks from: real capture cameras only, each once, with a facing.
/// Pure functions over `DeviceRecord`s, so every rule is tested without hardware.
enum CameraCatalog {
    // V4L2 capability bits (linux/videodev2.h).
    static let capVideoCapture: UInt32 = 0x0000_0001
    static let capVideoCaptureMultiplanar: UInt32 = 0x0000_1000
    static let capMemoryToMemoryMultiplanar: UInt32 = 0x0000_4000
    static let capMemoryToMemory: UInt32 = 0x0000_8000
    /// The node is the end of a media-controller pipeline (a phone's or vimc's
    /// sensor → ISP → capture), which only libcamera knows how to drive.
    static let capIOMediaController: UInt32 = 0x2000_0000

    /// The camera at `devicePath` among `records` even when it is a loopback
    /// device (the user named it explicitly), if it is a capture node.
    static func namedCamera(devicePath: String, from records: [DeviceRecord]) -> CameraDescription? {
        records.first { v4l2Path($0) == devicePath && isVideoCapture($0) }.flatMap(description)
    }

    /// The cameras among `records`, best provider first when one camera is
    /// seen twice (v4l2, then libcamera, then PipeWire), front cameras first.
    static func cameras(from records: [DeviceRecord]) -> [CameraDescription] {
        // Where libcamera lists cameras, a media-controller node is one of
        // theirs seen raw (vimc's "RGB/YUV Capture" beside libcamera's
        // "Sensor B"): nothing identifies the pair, so the node is left out.
        let libcameraListsCameras = records.contains { $0.libcameraName != nil }
        let candidates = records.filter(isCaptureCamera)
            .filter { !(libcameraListsCameras && isMediaControllerNode($0)) }
            .sorted { providerRank($0) < providerRank($1) }
        var kept: [DeviceRecord] = []
        for record in candidates where !kept.contains(where: { isSameCamera(record, $0) }) {
            kept.append(record)
        }
        let described = kept.compactMap(description)
        let order: [CameraFacing: Int] = [.front: 0, .back: 1, .external: 2, .virtual: 3]
        return described.enumerated().sorted {
            (order[$0.element.facing] ?? 9, $0.offset) < (order[$1.element.facing] ?? 9, $1.offset)
        }.map(\.element)
    }

    /// One record as a camera, if it says where its frames come from.
    static func description(_ record: DeviceRecord) -> CameraDescription? {
        guard let source = source(of: record) else { return nil }
        return CameraDescription(
            id: source.id, name: displayName(record), facing: facing(of: record),
            modes: record.modes.filter { !CameraModeFormat.infrared.contains($0.format) })
    }

    /// Where a record's frames come from: its PipeWire node, libcamera id or device node.
    static func source(of record: DeviceRecord) -> CameraSource? {
        let properties = record.properties
        if isPipeWire(record) {
            guard let serial = properties["object.serial"] ?? properties["object.id"] else { return nil }
            return .pipewire(objectSerial: serial, fd: nil)
        }
        if let name = record.libcameraName { return .libcamera(cameraName: name) }
        if let path = v4l2Path(record) { return .v4l2(devicePath: path) }
        return nil
    }

    /// False for loopback/virtual devices, infrared sensors, metadata and
    /// memory-to-memory nodes, and devices offering no picture we can show.
    static func isCaptureCamera(_ record: DeviceRecord) -> Bool {
        isVideoCapture(record) && !isLoopback(record)
    }

    /// A V4L2 node whose capabilities say a media controller drives it.
    static func isMediaControllerNode(_ record: DeviceRecord) -> Bool {
        guard record.libcameraName == nil, let caps = deviceCapabilities(record) else { return false }
        return caps & capIOMediaController != 0
    }

    /// v4l2loopback and other virtual cameras: left out of the list and of
    /// `auto`, used only when named explicitly.
    static func isLoopback(_ record: DeviceRecord) -> Bool {
        let properties = record.properties
        let driver = (properties["api.v4l2.cap.driver"] ?? properties["v4l2.device.driver"] ?? "").lowercased()
        let card = (properties["api.v4l2.cap.card"] ?? record.displayName).lowercased()
        let name = record.displayName.lowercased()
        return driver.contains("loopback") || card.contains("dummy video device") || name.contains("virtual camera")
    }

    /// A node delivering pictures: not infrared, metadata or memory-to-memory.
    /// A node refused to this user counts (its capabilities cannot be read).
    static func isVideoCapture(_ record: DeviceRecord) -> Bool {
        if record.accessDenied { return true }
        let properties = record.properties
        let card = (properties["api.v4l2.cap.card"] ?? record.displayName).lowercased()
        let name = record.displayName.lowercased()
        if name.contains("infrared") || name.contains("ir camera") || card.contains("ir camera") {
            return false
        }
        if let caps = deviceCapabilities(record) {
            if caps & (capVideoCapture | capVideoCaptureMultiplanar) == 0 { return false }
            if caps & (capMemoryToMemory | capMemoryToMemoryMultiplanar) != 0 { return false }
        }
        let visible = record.modes.filter { !CameraModeFormat.infrared.contains($0.format) }
        return !visible.isEmpty
    }

    /// Front for a camera built into the laptop or phone front, back for a
    /// phone's main camera, external for a plugged-in one.
    static func facing(of record: DeviceRecord) -> CameraFacing {
        let properties = record.properties
        switch properties["api.libcamera.location"]?.lowercased() {
        case "front": return .front
        case "back": return .back
        case "external": return .external
        default: break
        }
        if record.usbRemovable == "fixed" || properties["device.form-factor"] == "internal" { return .front }
        let name = record.displayName.lowercased()
        if ["integrated", "built-in", "builtin", "facetime"].contains(where: name.contains) { return .front }
        return .external
    }

    /// Two records for one physical camera: the same device node, the same
    /// USB vendor and product seen by v4l2 and libcamera, or the same name
    /// offering the same modes.
    static func isSameCamera(_ first: DeviceRecord, _ second: DeviceRecord) -> Bool {
        if let path = v4l2Path(first), path == v4l2Path(second) { return true }
        if let usb = usbIdentity(first), let name = second.libcameraName, name.lowercased().hasSuffix(usb) { return true }
        if let usb = usbIdentity(second), let name = first.libcameraName, name.lowercased().hasSuffix(usb) { return true }
        // Nodes refused to this user have no modes to compare: two of one model would look alike.
        guard !first.modes.isEmpty else { return false }
        return displayName(first) == displayName(second) && Set(first.modes) == Set(second.modes)
    }

    /// The provider's name, without the repeated half UVC cards often have
    /// ("Integrated Camera: Integrated C" → "Integrated Camera").
    static func displayName(_ record: DeviceRecord) -> String {
        let name = record.properties["node.description"] ?? record.displayName
        let halves = name.components(separatedBy: ": ")
        if halves.count == 2, halves[0].hasPrefix(halves[1]) { return halves[0] }
        return name
    }

    private static func isPipeWire(_ record: DeviceRecord) -> Bool {
        record.properties["object.serial"] != nil || record.properties["node.name"] != nil
    }

    private static func providerRank(_ record: DeviceRecord) -> Int {
        if isPipeWire(record) { return 2 }
        return record.libcameraName != nil ? 1 : 0
    }

    static func v4l2Path(_ record: DeviceRecord) -> String? {
        let properties = record.properties
        if let path = properties["api.v4l2.path"] ?? properties["device.path"] { return path }
        if let objectPath = properties["object.path"], objectPath.hasPrefix("v4l2:") {
            return String(objectPath.dropFirst("v4l2:".count))
        }
        return nil
    }

    /// "vvvv:pppp" (lowercase hex), as libcamera ends a UVC camera's id.
    private static func usbIdentity(_ record: DeviceRecord) -> String? {
        guard let vendor = hexIdentifier(record.properties["device.vendor.id"]),
              let product = hexIdentifier(record.properties["device.product.id"])
        else { return nil }
        return "\(vendor):\(product)"
    }

    /// A USB id written as "0x046d", "046d" or decimal "1133", as 4 hex digits.
    private static func hexIdentifier(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        let value: Int?
        if text.lowercased().hasPrefix("0x") {
            value = Int(text.dropFirst(2), radix: 16)
        } else if text.count == 4 {
            value = Int(text, radix: 16)
        } else {
            value = Int(text)
        }
        guard let value else { return nil }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The node's V4L2 device capabilities, written as 8 hex digits
    /// ("04200001", as PipeWire and GStreamer do) or a number.
    static func deviceCapabilities(_ record: DeviceRecord) -> UInt32? {
        // PipeWire's keys, then GStreamer's v4l2 device provider's.
        guard let text = record.properties["api.v4l2.cap.device-caps"]
            ?? record.properties["api.v4l2.cap.capabilities"]
            ?? record.properties["v4l2.device.device_caps"]
        else { return nil }
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased().hasPrefix("0x") { return UInt32(trimmed.dropFirst(2), radix: 16) }
        if trimmed.count == 8 { return UInt32(trimmed, radix: 16) }
        return UInt32(trimmed)
    }
}
