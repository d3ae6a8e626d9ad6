extension UsageError {
    /// The words that may come first: the commands, and `help`.
    static var commandWords: [String] { CommandSpec.all.map(\.name) + ["help"] }

    /// `word` stood where a command goes: the command it is nearest to, else
    /// the list of them, so the user need not open the help to find it.
    package static func notACommand(_ word: String) -> UsageError {
        let advice = if let guess = Spelling.nearest(to: word, among: commandWords) {
            "Did you mean '\(guess)'?"
        } else {
            "Commands: \(CommandSpec.all.map(\.name).joined(separator: ", "))."
        }
        return UsageError(message: "'\(word)' is not a command. \(advice) See 'squarecam --help'.")
    }
}
