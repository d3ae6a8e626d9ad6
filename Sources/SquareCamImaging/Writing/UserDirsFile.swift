/// Reads `user-dirs.dirs`, the file where xdg-user-dirs records the user's
/// folders (`XDG_PICTURES_DIR="$HOME/Pictures"`), in its documented form:
/// a quoted value that is either absolute or starts with `$HOME/`.
enum UserDirsFile {
    /// The folder `key` (`XDG_PICTURES_DIR`, `XDG_VIDEOS_DIR`) names; nil when unset or disabled.
    static func folder(_ key: String, in contents: String, home: String) -> String? {
        var result: String?
        for line in contents.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals] == key else { continue }
            var value = trimmed[trimmed.index(after: equals)...]
            guard value.count >= 2, value.first == "\"", value.last == "\"" else { continue }
            value = value.dropFirst().dropLast()
            if value == "$HOME" {
                // A folder set to the home folder itself means "disabled": fall back.
                continue
            } else if value.hasPrefix("$HOME/") {
                result = home + value.dropFirst("$HOME".count)
            } else if value.hasPrefix("/") {
                result = String(value)
            }
        }
        return result
    }
}
