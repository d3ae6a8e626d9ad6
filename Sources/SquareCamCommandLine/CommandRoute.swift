import CCommandRoutes

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

/// Which of SquareCam's programs runs a command line: read from the table
/// the `squarecam` launcher uses too (Sources/CCommandRoutes), so a program
/// handed a command line knows whether it is its own.
package enum CommandProgram: Equatable, Sendable {
    case crop, gstreamer, app

    /// The program for `arguments` (without the program name).
    package init(_ arguments: [String]) {
        let program = arguments.first.map { squarecam_program_for($0) } ?? squarecam_program_for(nil)
        switch program {
        case SQUARECAM_PROGRAM_GSTREAMER: self = .gstreamer
        case SQUARECAM_PROGRAM_APP: self = .app
        default: self = .crop
        }
    }

    /// Its file name, as installed: "squarecam-crop", "squarecam-gst", "squarecam-app".
    package var file: String {
        let program: squarecam_program = switch self {
        case .crop: SQUARECAM_PROGRAM_CROP
        case .gstreamer: SQUARECAM_PROGRAM_GSTREAMER
        case .app: SQUARECAM_PROGRAM_APP
        }
        return String(cString: squarecam_program_file(program))
    }
}
