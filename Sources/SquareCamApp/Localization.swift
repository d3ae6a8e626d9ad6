import CGtk
import Foundation

/// The gettext domain of SquareCam's own strings.
let gettextDomain = "squarecam"

/// The translation of `message` for the user's language (`LANGUAGE`, `LANG`).
/// xgettext finds the strings by this function's name (see po/Makefile rules).
func localized(_ message: String) -> String {
    message.withCString { original in
        // Untranslated, gettext returns our own buffer: read it while it lives.
        guard let translated = dgettext(gettextDomain, original), translated != original else { return message }
        return String(cString: translated)
    }
}

/// The translation of `message` with `{name}` placeholders filled in; the
/// placeholders let translators reorder words.
func localized(_ message: String, _ values: [String: String]) -> String {
    var text = localized(message)
    for (name, value) in values {
        text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
}

/// Sets up gettext for the app's domain.
enum Localization {
    /// Binds the domain to the first folder that has our catalogs:
    /// `$SQUARECAM_LOCALEDIR` (tests, uninstalled runs), then `share/locale`
    /// next to the executable's prefix, then the system's.
    static func install() {
        setlocale(LC_ALL, "")
        let folder = catalogFolder()
        bindtextdomain(gettextDomain, folder)
        bind_textdomain_codeset(gettextDomain, "UTF-8")
    }

    static func catalogFolder() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["SQUARECAM_LOCALEDIR"], !folder.isEmpty { return folder }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let prefixed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale").path
        if FileManager.default.fileExists(atPath: prefixed + "/ja/LC_MESSAGES/\(gettextDomain).mo") { return prefixed }
        return "/usr/share/locale"
    }
}
