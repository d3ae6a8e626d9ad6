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
                    throw UsageError(message: "'\(spec.name)' takes no file or word arguments, but was given '\(word)'.")
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
        let hint = guess.map { " Did you mean --\($0)?" } ?? ""
        return UsageError(message: "Unknown option '\(word)' for '\(spec.name)'.\(hint) See 'squarecam \(spec.name) --help'.")
    }
}
