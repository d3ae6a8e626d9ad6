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
    /// Binds the domain to `share/locale` beside the programs (installed, or
    /// in the build folder), else the system's.
    @MainActor
    static func install() {
        setlocale(LC_ALL, "")
        let folder = catalogFolder()
        bindtextdomain(gettextDomain, folder)
        bind_textdomain_codeset(gettextDomain, "UTF-8")
    }

    @MainActor
    static func catalogFolder() -> String {
        let beside = InstallLocation.shareFolder + "/locale"
        if FileManager.default.fileExists(atPath: beside + "/ja/LC_MESSAGES/\(gettextDomain).mo") { return beside }
        return "/usr/share/locale"
    }
}
