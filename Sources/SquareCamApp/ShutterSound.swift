import CGtk
import Foundation

/// The optional shutter click: a short sound synthesised once into a WAV file
/// and played by the desktop's sound player, if there is one (GTK 4.8 has no
/// sound API without its media backend, which Debian ships separately).
@MainActor
enum ShutterSound {
    private static var soundFile: String?
    private static var player: String? = {
        for name in ["pw-play", "paplay", "aplay"] {
            if let path = g_find_program_in_path(name) {
                defer { g_free(path) }
                return String(cString: path)
            }
        }
        return nil
    }()

    /// Plays the click without waiting for it.
    static func play() {
        guard let player, let file = prepareFile() else { return }
        var error: UnsafeMutablePointer<GError>?
        let arguments = [player, file]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let flags = GSpawnFlags(rawValue: G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        if g_spawn_async(nil, &pointers, nil, flags, nil, nil, nil, &error) == 0, let error {
            g_error_free(error)
        }
    }

    private static func prepareFile() -> String? {
        if let soundFile { return soundFile }
        let path = NSTemporaryDirectory() + "squarecam-shutter-\(getpid()).wav"
        guard FileManager.default.createFile(atPath: path, contents: Data(wave())) else { return nil }
        soundFile = path
        return path
    }

    /// 60 ms of decaying noise, 16-bit mono at 22 050 Hz: a mechanical click.
    private static func wave() -> [UInt8] {
        let rate = 22_050, count = rate * 6 / 100
        var generator = SystemRandomNumberGenerator()
        var samples: [UInt8] = []
        for index in 0..<count {
            let envelope = exp(-Double(index) / Double(count) * 6)
            let value = Int16(Double(Int16.random(in: -20_000...20_000, using: &generator)) * envelope)
            samples += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        func word(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Array("RIFF".utf8) + word(36 + samples.count, 4) + Array("WAVEfmt ".utf8) + word(16, 4) + word(1, 2) + word(1, 2)
            + word(rate, 4) + word(rate * 2, 4) + word(2, 2) + word(16, 2) + Array("data".utf8) + word(samples.count, 4) + samples
    }
}
