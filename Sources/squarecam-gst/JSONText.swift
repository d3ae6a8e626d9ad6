import FoundationEssentials

/// JSON as the capture commands print it: keys sorted, slashes unescaped.
enum JSONText {
    /// `value` encoded on one line (a report), or indented for people
    /// (`devices`); `fallback` should encoding fail.
    static func of(_ value: some Encodable, pretty: Bool = false, fallback: String = "{}") -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? fallback
    }
}
