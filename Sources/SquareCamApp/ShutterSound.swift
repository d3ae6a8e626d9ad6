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
    ///
    /// It runs on the main thread at the shutter, so it must be cheap. By
    /// default g_spawn_async forks twice (so that nobody has to reap the
    /// player): each fork copies the page tables of an app holding camera
    /// frames, 10–20 ms here, which the review waited for. With these flags
    /// GLib uses posix_spawn (vfork: nothing copied, 0.2 ms) and the child is
    /// reaped by a child watch on the main loop. The player inherits only
    /// descriptors without close-on-exec, which GLib, GStreamer and our own
    /// code do not leave.
    static func play() {
        guard let player, let file = prepareFile() else { return }
        var error: UnsafeMutablePointer<GError>?
        var child: GPid = 0
        let flags = GSpawnFlags(rawValue: G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_LEAVE_DESCRIPTORS_OPEN.rawValue
            | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        let arguments = [player, file]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        guard g_spawn_async(nil, &argv, nil, flags, nil, nil, &child, &error) != 0 else {
            if let error { g_error_free(error) }
            return
        }
        g_child_watch_add(child, { pid, _, _ in g_spawn_close_pid(pid) }, nil)
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
