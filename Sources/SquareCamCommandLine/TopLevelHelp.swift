import SquareCamCore

/// What `squarecam --help` says.
package enum TopLevelHelp {
    /// The options of `squarecam` without a command (the app).
    package static let appSpec = CommandSpec(
        name: "",
        summary: "Opens the SquareCam app.",
        usage: "[--camera CAMERA] [--microphone MICROPHONE]",
        options: [.value("camera", "CAMERA", "The camera to open: auto, test[:WxH[@FPS]], file:PATH or an id from 'squarecam devices'."),
                  .value("microphone", "MICROPHONE", "Where videos take their sound from: auto (the default microphone), test (a built-in tone) or an id from 'squarecam devices --microphones'.")],
        acceptsOperands: false,
        examples: [],
        notes: []
    )

    package static var text: String {
        let width = (CommandSpec.all.map { $0.name.count }.max() ?? 0) + 2
        let commands = CommandSpec.all.map { spec in
            "  " + spec.name + String(repeating: " ", count: width - spec.name.count) + spec.summary
        }
        return """
            SquareCam: square photos that look exactly like what you framed.

            Usage:
              squarecam [--camera CAMERA]     open the app (live square viewfinder, photos and videos, review, crop editor)
              squarecam COMMAND [options]     run one command without a window
              squarecam COMMAND --help        what a command does, its options and examples
              squarecam help COMMAND          the same
              squarecam --version

            Commands:
            \(commands.joined(separator: "\n"))

            CAMERA is auto (the first real camera, else the test pattern), test[:WxH[@FPS]]
            (a moving test pattern, default 1920x1080@30), file:PATH (an image shown as a
            camera) or an id from 'squarecam devices'.

            \(ExitCode.helpParagraph(ExitCode.allCases))

            """
    }
}
