import Foundation
import Testing

/// The translations' text as it reaches the screen: no doubled or stray
/// spaces (issue 18 asked about a double space in a Korean sentence), and
/// every {placeholder} of the English kept.
@Suite struct CatalogTextTests {
    /// msgid → msgstr of a .po file, continuation lines joined.
    static func entries(_ language: String) throws -> [(id: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let lines = try String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var found: [(id: String, text: String)] = []
        var id = "", text = "", field = ""
        func quoted(_ line: Substring) -> String { String(line.drop { $0 != "\"" }.dropFirst().dropLast()) }
        for line in lines + [""] {
            if line.hasPrefix("msgid ") { field = "id"; id = quoted(line) }
            else if line.hasPrefix("msgstr ") { field = "text"; text = quoted(line) }
            else if line.hasPrefix("\"") { if field == "id" { id += quoted(line) } else { text += quoted(line) } }
            else if field == "text" {
                if !id.isEmpty && !text.isEmpty { found.append((id, text)) }
                field = ""
            }
        }
        return found
    }

    @Test(arguments: ["ja", "ko"])
    func noDoubledSpacesAndEveryPlaceholderKept(_ language: String) throws {
        let entries = try Self.entries(language)
        #expect(entries.count > 100, "\(language).po read as \(entries.count) entries")
        for (id, text) in entries {
            #expect(!text.contains("  ") && !text.contains(" \\n") && text.first != " " && text.last != " ", "\(language): '\(text)'")
            for placeholder in id.matches(of: /\{[a-z]+\}/).map({ String($0.output) }) {
                #expect(text.contains(placeholder), "\(language): \(placeholder) is missing in '\(text)'")
            }
        }
    }
}
