import SquareCamCore

/// How long `squarecam scan` looks for a code when --timeout does not say.
package enum ScanDefaults {
    package static let timeoutSeconds = 30.0
    package static let timeouts = 0.1...86_400.0
}

extension CommandSpec {
    /// `squarecam scan`: its options and help.
    package static let scan = CommandSpec(
        name: "scan",
        summary: "Looks for a QR code anywhere in the camera's whole frame (not only the square) and prints its text once read.",
        usage: "[options]",
        options: [
            .value("camera", short: "c", "CAMERA", "As for shoot: auto (default), test[:WxH[@FPS]], file:PATH (a picture of a code), or an id from 'squarecam devices'."),
            .value("timeout", "S", "Give up after S seconds (decimals allowed) without a code (default \(Int(ScanDefaults.timeoutSeconds)))."),
            .value("mode", "WxH[@FPS]", "Ask the camera for this mode (see 'squarecam devices'); without it the largest at a smooth rate is used."),
            .flag("require-camera", "Fail (exit 3) instead of falling back to the test pattern when no real camera is found."),
            .flag("json", "Print a JSON object (text, format, corners in the camera frame's pixels, camera) instead of the text."),
        ],
        acceptsOperands: false,
        examples: [
            ("squarecam scan", "hold a QR code up to the first camera: its text is printed"),
            ("squarecam scan --timeout 10 --json", "the code as JSON, or exit 1 after ten seconds without one"),
            ("squarecam scan --camera file:ticket.png", "the code in a picture"),
        ],
        notes: [
            "Codes are read turned at any angle and mirrored (a front camera's picture), from about a fifteenth of the frame's width up; when several are in view, one of them is printed. While it looks, a terminal shows the seconds left on standard error. Nothing is saved.",
            "Where a camera portal runs (GNOME, KDE, phones), it is asked for the camera first (exit 4 when it refuses); --camera test and file: ask nobody.",
            ExitCode.helpParagraph([.success, .failure, .usage, .noCamera, .permissionDenied, .cameraFailed])
                .replacing(ExitCode.failure.meaning, with: "no code was read within the timeout"),
        ]
    )
}
