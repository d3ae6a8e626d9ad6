extension ParsedArguments {
    /// The options one word names, each with the value attached to it, if
    /// any: `--size=64` → size "64"; `-ns64` → dry-run, then size "64".
    static func options(in word: String, spec: CommandSpec) throws(UsageError) -> [(OptionSpec, String?)] {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = spec.option(named: name) else {
                throw unknown(word, spec: spec, guess: Spelling.nearest(to: name, among: spec.allOptions.map(\.name)))
            }
            return [(option, attached)]
        }
        let letters = word.dropFirst()
        // "-mode" is --mode with one dash, not -m with the value "ode".
        if letters.count > 1, spec.option(named: String(letters)) != nil {
            throw unknown(word, spec: spec, guess: String(letters))
        }
        var found: [(OptionSpec, String?)] = []
        var rest = letters[...]
        while let letter = rest.popFirst() {
            guard let option = spec.option(short: letter) else {
                throw unknown("-\(letter)", in: letters.count > 1 ? word : nil, spec: spec, guess: nil)
            }
            // As getopt does: a value option takes the rest of the word, if any.
            if option.takesValue {
                found.append((option, rest.isEmpty ? nil : String(rest)))
                break
            }
            found.append((option, nil))
        }
        return found
    }
}
