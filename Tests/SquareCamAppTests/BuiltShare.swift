import Foundation
import Synchronization

/// The build folder's `share/` as `make` fills it (the po/ catalogs compiled
/// with msgfmt, the icon), where the built app looks: the tests run from a
/// clean checkout through `swift build`, which makes neither.
enum BuiltShare {
    /// Once per run, before the first app starts: an app starting in another
    /// lane must never read a catalog while msgfmt rewrites it.
    private static let made = Mutex<Result<Void, any Error>?>(nil)

    static func prepare() throws {
        try made.withLock { made in
            if made == nil { made = Result { try fill() } }
            try made!.get()
        }
    }

    private static func fill() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let share = try BuiltApp.executable().resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share")
        let languages = try String(contentsOf: root.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace)
        for language in languages {
            let target = share.appendingPathComponent("locale/\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            _ = try Tool.outputData("msgfmt", ["-o", target.appendingPathComponent("squarecam.mo").path,
                                               root.appendingPathComponent("po/\(language).po").path])
        }
        let icon = "io.github.squarecam.SquareCam.svg"
        let icons = share.appendingPathComponent("icons/hicolor/scalable/apps")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try Data(contentsOf: root.appendingPathComponent("data/icons/\(icon)"))
            .write(to: icons.appendingPathComponent(icon), options: .atomic)
    }
}
