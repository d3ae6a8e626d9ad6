/// A mistake in how the command was called; exits with the usage code.
package struct UsageError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }

    package init(message: String) {
        self.message = message
    }
}

/// What the user typed, checked against a command's spec.
package struct ParsedArguments: Sendable {
    package private(set) var values: [String: String] = [:]
    package private(set) var flags: Set<String> = []
    package private(set) var operands: [String] = []

    package func flag(_ name: String) -> Bool { flags.contains(name) }

    package func string(_ name: String) -> String? { values[name] }

    /// An integer option within `range`, or nil when not given.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return number
    }

    /// A decimal option within `range`, or nil when not given.
    package func decimal(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError(message: "--\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return number
    }

    /// One of a fixed set of words, or nil when not given.
    package func choice(_ name: String, from choices: [String]) throws(UsageError) -> String? {
        guard let text = values[name] else { return nil }
        guard choices.contains(text) else {
            throw UsageError(message: "--\(name) takes one of \(choices.joined(separator: ", ")), not '\(text)'.")
        }
        return text
    }

    /// Parses `arguments` (without the program and command names).
    /// Accepts `--name value`, `--name=value`, `-x value`, flags, and `--`
    /// to end options; repeats of a value option keep the last.
    package init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                guard spec.acceptsOperands else {
                    throw Self.unexpected(word, at: index - 1, in: arguments, spec: spec)
                }
                operands.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try Self.lookUp(word, in: spec)
            if option.takesValue {
                if let inlineValue {
                    values[option.name] = inlineValue
                } else if index < arguments.count {
                    values[option.name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "--\(option.name) needs a value (\(option.valueName!)).")
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "--\(option.name) is a switch and takes no value.")
                }
                flags.insert(option.name)
            }
        }
    }

    private static func lookUp(_ word: String, in spec: CommandSpec) throws(UsageError) -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let option = spec.option(named: name) { return (option, inline) }
            throw unknown(word, spec: spec, guess: Spelling.nearest(to: name, among: spec.allOptions.map(\.name)))
        }
        if word.count == 2, let option = spec.option(short: word.last!) {
            return (option, nil)
        }
        throw unknown(word, spec: spec, guess: nil)
    }

    private static func unknown(_ word: String, spec: CommandSpec, guess: String?) -> UsageError {
        let command = spec.isApp ? "" : " for '\(spec.name)'"
        let hint = guess.map { " Did you mean --\($0)?" } ?? ""
        return UsageError(message: "Unknown option '\(word)'\(command).\(hint) See '\(spec.invocation) --help'.")
    }

    /// A word where `spec` takes none. After the app's options it is most
    /// likely a command in the wrong place (the launcher chose the program by
    /// the first word, an option), so the advice is the line as it should be.
    private static func unexpected(_ word: String, at position: Int, in arguments: [String], spec: CommandSpec) -> UsageError {
        guard spec.isApp else {
            return UsageError(message: "'\(spec.name)' takes no file or word arguments, but was given '\(word)'.")
        }
        guard UsageError.commandWords.contains(word) else {
            return UsageError.notACommand(word)
        }
        var reordered = arguments
        reordered.remove(at: position)
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
