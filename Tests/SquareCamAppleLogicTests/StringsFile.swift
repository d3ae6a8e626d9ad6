/// Apple's old-style `.strings` table ("key" = "value"; with /* */ and //
/// comments), read as the tests need it: a duplicate key or a missing `;` is an error.
enum StringsFile {
    struct Malformed: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    static func parse(_ text: String) throws -> [String: String] {
        var table: [String: String] = [:]
        var rest = Substring(text)
        func skipSpaceAndComments() throws {
            while true {
                rest = rest.drop { $0.isWhitespace }
                if rest.hasPrefix("/*") {
                    guard let end = rest.firstRange(of: "*/") else { throw Malformed(reason: "an unclosed comment") }
                    rest = rest[end.upperBound...]
                } else if rest.hasPrefix("//") {
                    rest = rest.drop { $0 != "\n" }
                } else {
                    return
                }
            }
        }
        func quoted() throws -> String {
            guard rest.first == "\"" else { throw Malformed(reason: "a string was expected at: \(rest.prefix(40))") }
            rest = rest.dropFirst()
            var raw = ""
            while let character = rest.first, character != "\"" {
                raw.append(character)
                rest = rest.dropFirst()
                if character == "\\", let escaped = rest.first {
                    raw.append(escaped)
                    rest = rest.dropFirst()
                }
            }
            guard rest.first == "\"" else { throw Malformed(reason: "an unclosed string: \(raw.prefix(40))") }
            rest = rest.dropFirst()
            return unescape(Substring(raw))
        }
        func expect(_ character: Character) throws {
            try skipSpaceAndComments()
            guard rest.first == character else { throw Malformed(reason: "'\(character)' was expected at: \(rest.prefix(40))") }
            rest = rest.dropFirst()
        }
        try skipSpaceAndComments()
        while !rest.isEmpty {
            let key = try quoted()
            try expect("=")
            try skipSpaceAndComments()
            let value = try quoted()
            try expect(";")
            guard table.updateValue(value, forKey: key) == nil else { throw Malformed(reason: "the key \(key) twice") }
            try skipSpaceAndComments()
        }
        return table
    }

    /// A string literal's text as written between quotes (Swift's or a
    /// .strings file's: \" \\ \n \t), as the characters it stands for.
    static func unescape(_ raw: Substring) -> String {
        var result = ""
        var escaping = false
        for character in raw {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
