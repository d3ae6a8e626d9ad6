import SquareCamCore

extension CommandSpec {
    /// `squarecam devices`: its options and help.
    package static let devices = CommandSpec(
        name: "devices",
        summary: "Lists the cameras (each once) and their modes, then the microphones; the built-in test camera and test tone come last.",
        usage: "[--json] [--microphones]",
        options: [
            .flag("json", "Print a JSON array of cameras (id, name, facing, modes) instead of text; with --microphones, of microphones (id, name). When the cameras cannot be listed, a JSON object says why: {\"error\": the sentence also written to standard error, \"failure\": its kind and details}."),
            .flag("microphones", "List only the microphones, with the id to pass to 'squarecam record --microphone'."),
        ],
        acceptsOperands: false,
        examples: [
            ("squarecam devices", "the cameras, with the id to pass to --camera"),
            ("squarecam devices --json | jq '.[0].id'", "the first camera's id, for scripts"),
            ("squarecam devices --microphones", "the microphones, with the id to pass to --microphone"),
        ],
        notes: [
            "Where a camera portal runs (GNOME, KDE, phones), it is asked first: it answers from its stored answer or shows its dialog once; without a portal, V4L2 and libcamera devices are listed directly.",
            ExitCode.helpParagraph([.success, .usage, .noCamera, .permissionDenied, .cameraFailed]),
        ]
    )
}
