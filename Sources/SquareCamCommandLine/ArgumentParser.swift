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

    /// One of a fixed set of words, or nil when not given. `aliases` are
    /// other spellings, each of one of the `choices`, which it returns
    /// instead: ["centre": "center"]. Mistakes list the choices alone.
    package func choice(_ name: String, from choices: [String], aliases: [String: String] = [:]) throws(UsageError) -> String? {
        assert(aliases.values.allSatisfy(choices.contains), "--\(name): an alias for no choice")
        guard let text = values[name] else { return nil }
        if let choice = aliases[text] { return choice }
        guard choices.contains(text) else {
            throw UsageError(message: "--\(name) takes one of \(choices.joined(separator: ", ")), not '\(text)'.")
        }
        return text
    }

    /// Parses `arguments` (without the program and command names).
    /// Accepts `--name value`, `--name=value`, `-x value`, `-xVALUE`,
    /// flags, bundles of short flags (`-nr`, ended by a value option that
    /// takes the rest of the word or the next one: `-ns64`, `-ns 64`), and
    /// `--` to end options; repeats of a value option keep the last.
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
            for (option, attachedValue) in try Self.options(in: word, spec: spec) {
                if option.takesValue {
                    if let attachedValue {
                        values[option.name] = attachedValue
                    } else if index < arguments.count {
                        values[option.name] = arguments[index]
                        index += 1
                    } else {
                        throw UsageError(message: "--\(option.name) needs a value (\(option.valueName!)).")
                    }
                } else {
                    guard attachedValue == nil else {
                        throw UsageError(message: "--\(option.name) is a switch and takes no value.")
                    }
                    flags.insert(option.name)
                }
            }
        }
    }
}
