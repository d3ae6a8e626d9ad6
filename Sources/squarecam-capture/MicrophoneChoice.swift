#if canImport(Glibc)
import Glibc
#endif
import SquareCamCapture
import SquareCamCommandLine

/// What `--microphone` asked for, and the sound source it comes to.
enum MicrophoneChoice: Equatable {
    case auto
    case none
    case test
    /// A microphone by its id in `squarecam devices --microphones`:
    /// `pipewire:NODE_NAME` or `pulse:SOURCE_NAME`.
    case named(String)

    init(parsing text: String) throws(UsageError) {
        switch text {
        case "auto": self = .auto
        case "none": self = .none
        case "test": self = .test
        case "": throw UsageError(message: "--microphone needs auto, none, test or a microphone's id from 'squarecam devices'.")
        default: self = .named(text)
        }
    }

    /// Which sound server answers for this user, by its socket, as their
    /// client libraries find it.
    enum SoundServer: Equatable {
        case pipewire
        case pulse
    }

    static func runningSoundServer(environment: [String: String]) -> SoundServer? {
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

    /// The microphones of the sound server that runs (none without one).
    static func microphones(environment: [String: String]) -> [MicrophoneDescription] {
        guard let server = runningSoundServer(environment: environment) else { return [] }
        return MicrophoneList.current(pipewireRunning: server == .pipewire)
    }

    /// The source to record from; nil records no sound. The sentence is
    /// for the user when `auto` found no sound server.
    func source(environment: [String: String]) -> (MicrophoneSource?, notice: String?) {
        switch self {
        case .none:
            return (nil, nil)
        case .test:
            return (.testTone, nil)
        case .auto:
            switch Self.runningSoundServer(environment: environment) {
            case .pipewire: return (.pipewire(target: nil), nil)
            case .pulse: return (.pulse(device: nil), nil)
            case nil: return (nil, "No sound server (PipeWire or PulseAudio) runs: recording without sound (--microphone none records without sound and without this notice).")
            }
        case .named(let id):
            return (MicrophoneSource(id: id), nil)
        }
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}
