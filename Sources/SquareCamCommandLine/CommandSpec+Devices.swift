extension CommandSpec {
    /// `squarecam devices`: its options and help.
    package static let devices = CommandSpec(
        name: "devices",
        summary: "Lists the cameras (each once) and their modes; the built-in test camera comes last.",
        usage: "[--json]",
        options: [.flag("json", "Print a JSON array of cameras (id, name, facing, modes) instead of text.")],
        acceptsOperands: false,
        examples: [
            ("squarecam devices", "the cameras, with the id to pass to --camera"),
            ("squarecam devices --json | jq '.[0].id'", "the first camera's id, for scripts"),
        ],
        notes: [ExitCode.helpParagraph([.success, .usage])]
    )
}
