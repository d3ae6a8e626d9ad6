#if canImport(Glibc)
import Glibc
#endif

/// Which sound server answers for this user, found by its socket as their
/// client libraries find it: where "the default microphone" comes from.
public enum SoundServer: Sendable, Equatable {
    case pipewire
    case pulse

    /// The server that runs now; nil when neither does.
    public static func running(environment: [String: String]) -> SoundServer? {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
        // libpipewire looks in PIPEWIRE_RUNTIME_DIR first.
        let pipewireFolder = environment["PIPEWIRE_RUNTIME_DIR"] ?? runtime
        let pipewire = environment["PIPEWIRE_REMOTE"].map { $0.hasPrefix("/") ? $0 : pipewireFolder + "/" + $0 }
            ?? pipewireFolder + "/pipewire-0"
        if pipewire.hasPrefix("/"), isSocket(pipewire) { return .pipewire }
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return .pulse }
        if !runtime.isEmpty, isSocket(runtime + "/pulse/native") { return .pulse }
        return nil
    }

    /// The server's default microphone.
    public var defaultMicrophone: MicrophoneSource {
        switch self {
        case .pipewire: .pipewire(target: nil)
        case .pulse: .pulse(device: nil)
        }
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
