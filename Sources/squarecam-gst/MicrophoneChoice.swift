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
    /// The A/V sync signal's beeps, for `--camera test:sync`'s flashes.
    case syncTest
    /// A microphone by its id in `squarecam devices --microphones`:
    /// `pipewire:NODE_NAME` or `pulse:SOURCE_NAME`.
    case named(String)

    init(parsing text: String) throws(UsageError) {
        switch text {
        case "auto": self = .auto
        case "none": self = .none
        case "test": self = .test
        case "test:sync": self = .syncTest
        case "": throw UsageError(message: "--microphone needs auto, none, test or a microphone's id from 'squarecam devices'.")
        default: self = .named(text)
        }
    }

    /// The microphones of the sound server that runs (none without one).
    static func microphones(environment: [String: String]) -> [MicrophoneDescription] {
        guard let server = SoundServer.running(environment: environment) else { return [] }
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
        case .syncTest:
            return (.syncBeeps, nil)
        case .auto:
            switch SoundServer.running(environment: environment) {
            case let server?: return (server.defaultMicrophone, nil)
            case nil: return (nil, "No sound server (PipeWire or PulseAudio) runs: recording without sound (--microphone none records without sound and without this notice).")
            }
        case .named(let id):
            return (MicrophoneSource(id: id), nil)
        }
    }
}
