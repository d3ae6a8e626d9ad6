import CLibcameraHold

/// libcamera's CameraManager, held for the rest of the process from the first
/// camera list on. Without it, every libcamera probe makes and destroys a
/// manager, and a child process of ours ending at that moment crashes the
/// process in libcamera's SIGCHLD handler (clibcamera_hold.cpp says how).
/// Only with the plugin release whose function that file calls; with another
/// release, or without libcamera, nothing is held and nothing changes.
public enum LibcameraManagerHold {
    /// The gstreamer1.0-libcamera release clibcamera_hold.cpp was written for.
    static let knownRelease = "0.0.3"

    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        case held
        case noPlugin
        case otherRelease(String)
        case failed(String)

        public var description: String {
            switch self {
            case .held: "held"
            case .noPlugin: "no libcamera plugin"
            case .otherRelease(let release): "libcamera plugin \(release), not \(LibcameraManagerHold.knownRelease): not held"
            case .failed(let why): "not held: \(why)"
            }
        }
    }

    /// Holds the manager (once per process) and says how that went.
    @discardableResult
    public static func ensure() -> Outcome { outcome }

    private static let outcome: Outcome = {
        guard let plugin = GStreamerRuntime.loadPlugin("libcamera") else { return .noPlugin }
        guard plugin.release == knownRelease else { return .otherRelease(plugin.release) }
        guard let file = plugin.file else { return .failed("the plugin would not load") }
        switch clibcamera_hold_manager(file) {
        case CLIBCAMERA_HELD: return .held
        case CLIBCAMERA_NOT_LOADED: return .failed("the plugin is not loaded")
        case CLIBCAMERA_NO_FUNCTION: return .failed("the plugin does not export its manager function")
        default: return .failed("libcamera gave no camera manager")
        }
    }()
}
