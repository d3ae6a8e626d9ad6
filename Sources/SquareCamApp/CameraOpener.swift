import Foundation
import SquareCamCapture
import SquareCamCore

/// Turns `--camera` values into cameras, and answers the questions the
/// capture flow asks the platform (permission, is it back?).
@MainActor
enum CameraOpener {
    /// The environment variable that selects a `ScriptedCamera` (test hook).
    static let scriptVariable = "SQUARECAM_SCRIPTED_CAMERA"

    /// A camera for `spec` (`nil` or `auto`: the first real camera).
    /// Throws `CameraFailure` (no camera) or a message for a bad spec.
    /// `scripted: false` ignores the test hook (the user chose the test pattern).
    static func open(spec: String?, scripted: Bool = true) throws -> any Camera {
        if scripted, let text = ProcessInfo.processInfo.environment[scriptVariable], !text.isEmpty {
            guard let script = ScriptedCamera.Script(text) else {
                throw CameraFailure.failed(camera: "scripted", detail: "\(scriptVariable)=\(text) is not a script this version knows.")
            }
            return ScriptedCamera(script: script, streaming: try openEngineCamera(spec: spec ?? "test"))
        }
        return try openEngineCamera(spec: spec)
    }

    /// A camera of the capture engine for `spec`.
    private static func openEngineCamera(spec: String?) throws -> any Camera {
        let parsed: CameraSpec
        do {
            parsed = try CameraSpec(parsing: spec ?? "auto")
        } catch {
            throw CameraFailure.failed(camera: spec ?? "auto", detail: error.description)
        }
        let description: CameraDescription
        switch parsed {
        case .auto:
            guard let first = realCameras().first else { throw CameraFailure.noCamera }
            description = first
        case .test(let size, let rate):
            description = TestCamera.description(size: size, framesPerSecond: rate)
        case .file(let path):
            description = TestCamera.imageFile(path: path)
        case .device(let id):
            description = realCameras().first { $0.id == id }
                ?? CameraDescription(id: id, name: id, facing: .external, modes: [])
        }
        do {
            return try GStreamerCamera(description: description)
        } catch {
            throw CameraFailure.failed(camera: description.name, detail: error.description)
        }
    }

    /// The environment variable that lists the cameras the switcher offers
    /// instead of the device monitor's (test hook: camera specs, comma-separated).
    static let listVariable = "SQUARECAM_LISTED_CAMERAS"

    /// The cameras `SQUARECAM_LISTED_CAMERAS` names (test and file cameras), or nil.
    static var listedCameras: [CameraDescription]? {
        guard let text = ProcessInfo.processInfo.environment[listVariable], !text.isEmpty else { return nil }
        return text.split(separator: ",").compactMap { item in
            switch try? CameraSpec(parsing: String(item)) {
            case .test(let size, let rate): TestCamera.description(size: size, framesPerSecond: rate)
            case .file(let path): TestCamera.imageFile(path: path)
            default: nil
            }
        }
    }

    /// False when a scripted camera stands in: the real device list is not consulted.
    static var watchesDevices: Bool {
        ProcessInfo.processInfo.environment[scriptVariable] == nil
    }

    /// The real cameras plugged in now, first the one to open by default.
    static func realCameras() -> [CameraDescription] {
        if ProcessInfo.processInfo.environment[scriptVariable] != nil { return [] }
        return CameraDirectory.realCameras()
    }

    /// Whether the camera may be used, as far as the platform says before trying.
    static func authorization(for camera: (any Camera)?) -> CameraAuthorization {
        (camera as? ScriptedCamera)?.authorization ?? .authorized
    }

    /// Whether an unplugged camera is back (polled while "Camera disconnected" shows).
    static func isAvailable(_ camera: (any Camera)?, spec: String?) -> Bool {
        if let scripted = camera as? ScriptedCamera { return scripted.isAvailable }
        guard let spec, spec.hasPrefix("/dev/") else { return true }
        return FileManager.default.fileExists(atPath: spec)
    }
}
