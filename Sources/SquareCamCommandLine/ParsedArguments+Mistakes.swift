extension ParsedArguments {
    /// An option `spec` does not have, `in` the bundle of short options it
    /// was part of, with the name it is nearest to.
    static func unknown(_ option: String, in bundle: String? = nil, spec: CommandSpec, guess: String?) -> UsageError {
        let within = bundle.map { " (in '\($0)')" } ?? ""
        let command = spec.isApp ? "" : " for '\(spec.name)'"
        let hint = guess.map { " Did you mean --\($0)?" } ?? ""
        return UsageError(message: "Unknown option '\(option)'\(within)\(command).\(hint) See '\(spec.invocation) --help'.")
    }

    /// A word where `spec` takes none. After the app's options it is most
    /// likely a command in the wrong place (the launcher chose the program by
    /// the first word, an option), so the advice is the line as it should be.
    static func unexpected(_ word: String, at position: Int, in arguments: [String], spec: CommandSpec) -> UsageError {
        guard spec.isApp else {
            return UsageError(message: "'\(spec.name)' takes no file or word arguments, but was given '\(word)'.")
        }
        guard UsageError.commandWords.contains(word) else {
            return UsageError.notACommand(word)
        }
        // help reads no options, so the others would only be a new mistake.
        var reordered = word == "help" ? [] : arguments
        if !reordered.isEmpty { reordered.remove(at: position) }
        let line = (["squarecam", word] + reordered.map(shellWord)).joined(separator: " ")
        return UsageError(message: "'\(word)' is a command: put it first, as in '\(line)'.")
    }

    /// `word` as a shell reads it back, in double quotes only when it must be.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0) }
        guard !plain else { return word }
        var quoted = "\""
        for character in word {
            if "\"$`\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
