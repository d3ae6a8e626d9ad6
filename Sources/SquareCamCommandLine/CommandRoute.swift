/// What the first word of a `squarecam` command line asks for.
package enum CommandRoute: Equatable, Sendable {
    /// `--help`, or `help` with the words after it (a command's name).
    case help([String])
    case version
    /// No command, or only the app's own options: the app.
    case app
    /// One of `CommandSpec.all`, by name.
    case command(String)
    case unknown(String)

    /// Reads `arguments` (without the program name).
    package init(_ arguments: [String]) {
        guard let first = arguments.first else {
            self = .app
            return
        }
        switch first {
        case "--help", "-h": self = .help([])
        case "help": self = .help(Array(arguments.dropFirst()))
        case "--version": self = .version
        case _ where first.hasPrefix("-"): self = .app
        case _ where CommandSpec.all.contains { $0.name == first }: self = .command(first)
        default: self = .unknown(first)
        }
    }
}
