/// One option of a command, as the user types it and as `--help` shows it.
package struct OptionSpec: Sendable {
    /// The long name without dashes: `size` for `--size`.
    package let name: String
    /// A one-letter alias without the dash, if any: `o` for `-o`.
    package let short: Character?
    /// What the value is called in help (`N`, `FILE`); nil for a flag.
    package let valueName: String?
    package let help: String

    package static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    package static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    package var takesValue: Bool { valueName != nil }

    package var synopsis: String {
        let long = "--" + name + (valueName.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? "    " + long
    }
}

/// Everything `--help` says about a command, and what the parser accepts.
package struct CommandSpec: Sendable {
    /// The word that runs it: `crop`; empty for the app's own options
    /// (`squarecam` without a command, `TopLevelHelp.appSpec`).
    package let name: String
    /// One line: what the command does.
    package let summary: String
    /// The argument part of the usage line: `[options] FILE|DIR...`.
    package let usage: String
    package let options: [OptionSpec]
    /// Whether words that are not options are accepted (files, folders).
    package let acceptsOperands: Bool
    /// Worked examples: (command line, what it does).
    package let examples: [(String, String)]
    /// Extra paragraphs: exit codes, notes.
    package let notes: [String]

    /// Whether these are the options of `squarecam` itself, before any command.
    package var isApp: Bool { name.isEmpty }

    /// What the user types to run it, as messages quote it: `squarecam crop`.
    package var invocation: String { isApp ? "squarecam" : "squarecam " + name }

    package static let helpOption = OptionSpec.flag("help", short: "h", "Show this help and exit.")

    package var allOptions: [OptionSpec] { options + [Self.helpOption] }

    package func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.name == name }
    }

    package func option(short: Character) -> OptionSpec? {
        allOptions.first { $0.short == short }
    }

    /// The text `--help` prints.
    package func helpText(programName: String = "squarecam") -> String {
        var text = "Usage: \(programName) \(name) \(usage)\n\n\(summary)\n"
        let width = min(32, (allOptions.map { $0.synopsis.count }.max() ?? 0) + 2)
        text += "\nOptions:\n"
        for option in allOptions {
            let synopsis = option.synopsis
            let padding = synopsis.count < width
                ? String(repeating: " ", count: width - synopsis.count)
                : "\n" + String(repeating: " ", count: width + 2)
            text += "  " + synopsis + padding + option.help + "\n"
        }
        if !examples.isEmpty {
            text += "\nExamples:\n"
            for (line, meaning) in examples {
                text += "  \(line)\n      \(meaning)\n"
            }
        }
        for note in notes {
            text += "\n" + note + "\n"
        }
        return text
    }
}
