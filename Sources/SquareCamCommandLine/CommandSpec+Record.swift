import SquareCamCore

extension CommandSpec {
    /// `squarecam record`: its options and help.
    package static let record = CommandSpec(
        name: "record",
        summary: "Records a square video (WebM: VP8 picture, Opus sound) of the camera frame's centre square until --duration, Ctrl+C or SIGTERM, and prints where it was saved.",
        usage: "[options]",
        options: [
            .value("camera", short: "c", "CAMERA", "As for shoot: auto (default), test[:WxH[@FPS]], file:PATH, or an id from 'squarecam devices'; test:sync (or test:WxH@FPS:sync) is the A/V sync signal: black, flashing white at every whole second."),
            .value("microphone", "MIC", "auto (default: the sound server's default microphone, PipeWire or PulseAudio; none when there is no sound server), none (no sound track), test (a quiet 440 Hz tone, as --camera test is a built-in picture), test:sync (a 1 kHz beep at every whole second, when --camera test:sync flashes: a player or editor that keeps them together keeps sound and picture in sync), or a microphone's id from 'squarecam devices --microphones' (pipewire:NODE or pulse:SOURCE)."),
            .value("duration", short: "t", "S", "Stop after S seconds (decimals allowed; default: until Ctrl+C or SIGTERM)."),
            .value("size", short: "s", "N", "Side of the recorded square in pixels, even, \(RecordingDefaults.sides.lowerBound) to \(RecordingDefaults.sides.upperBound) (default, and the most it gets: the frame's whole short side; never enlarged)."),
            .value("mode", "WxH[@FPS]", "Ask the camera for this mode (see 'squarecam devices'); without it the mode with the largest square at a smooth rate is used (1280x960 beats 1280x720)."),
            .value("bitrate", "KBITS", "The picture's bitrate in kbit/s, \(RecordingDefaults.kilobitRates.lowerBound) to \(RecordingDefaults.kilobitRates.upperBound) (default: 0.1 bit per pixel per frame, at least 300: 3500 at 1080x1080 and 30 fps, about 26 MB a minute, which keeps a webcam's picture free of visible blocks at real-time speed). The sound is Opus at 128 kbit/s."),
            .value("output", short: "o", "FILE|DIR", "Where to save: a .webm file, or a folder to save into under a time-stamped name (created with its parents when missing) (default: the Videos/Camera folder)."),
            .flag("overwrite", "Replace the --output file if it exists (otherwise that is an error)."),
            .flag("mirror", "Record mirrored left to right, as a front camera's viewfinder shows it."),
            .flag("require-camera", "Fail (exit 3) instead of falling back to the test pattern when no real camera is found."),
            .flag("json", "Print a JSON object (path, width, height, seconds, frames, dropped frames, camera, microphone) instead of the path."),
        ],
        acceptsOperands: false,
        examples: [
            ("squarecam record", "record from the first camera and the default microphone into ~/Videos/Camera until Ctrl+C"),
            ("squarecam record --duration 10 --size 720 --output clip.webm", "ten seconds at 720x720 into clip.webm"),
            ("squarecam record --camera test --microphone test --duration 5 --json", "five seconds of the test picture and tone; prints what was recorded as JSON"),
            ("squarecam record -c test:sync --microphone test:sync -t 10", "ten flashes and beeps, to check A/V sync in a player or editor"),
        ],
        notes: [
            "While it records, the file is a hidden .NAME.webm.XXXX.recording in the target folder, written to disk every second; it gets its name when the recording ends. If the recording is cut off (a crash, a power cut, a full disk), 'squarecam recover' makes it a playable SquareCam_…_recovered.webm, losing at most the last two seconds.",
            "On a full disk the recording stops, what was recorded is kept as a playable file, and the exit code is 6.",
            ExitCode.helpParagraph([.success, .usage, .noCamera, .permissionDenied, .cameraFailed, .writeFailed]),
        ]
    )

    /// `squarecam recover`: its options and help.
    package static let recover = CommandSpec(
        name: "recover",
        summary: "Turns every recording that was cut off in the folders given (default: the Videos/Camera folder) into a visible, playable file, and prints each file it made.",
        usage: "[options] [DIR...]",
        options: [
            .flag("json", "Print a JSON object a line (path, seconds, frames, from) for each recording made playable."),
        ],
        acceptsOperands: true,
        examples: [
            ("squarecam recover", "recover what an interrupted 'squarecam record' or the app left in ~/Videos/Camera"),
            ("squarecam recover ~/clips", "the same for recordings saved into ~/clips"),
        ],
        notes: [
            "A recording that another SquareCam is still writing is left alone. One cut off before its first picture held nothing and is removed.",
            ExitCode.helpParagraph([.success, .failure, .usage]),
        ]
    )
}

/// The limits `squarecam record` takes.
package enum RecordingDefaults {
    package static let sides = 16...4096
    package static let kilobitRates = 100...50_000
}
