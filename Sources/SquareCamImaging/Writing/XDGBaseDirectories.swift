import Glibc

/// Where the XDG base-directory spec puts a user's files, read from an
/// environment: one answer for the settings and the photos folder.
public enum XDGBaseDirectories {
    /// `$HOME`, else the account's home from the password database, else `/`.
    public static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir, directory.pointee != 0 {
            return String(cString: directory)
        }
        return "/"
    }

    /// `$XDG_CONFIG_HOME` when absolute (the spec ignores a relative one), else `~/.config`.
    public static func configHome(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config }
        return home(environment: environment) + "/.config"
    }
}
