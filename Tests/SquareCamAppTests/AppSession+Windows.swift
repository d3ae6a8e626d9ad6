import Foundation
import Testing

/// The app's other windows (dialogs, tooltips) as the X server sees them, and
/// trace lines counted, for the tests of the shortcuts, preferences and
/// about windows, tooltips and the dialogs of Open.
extension AppSession {
    /// Where the X window `id` is on the screen.
    func geometry(of id: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let shell = try screen.output("xdotool", ["getwindowgeometry", "--shell", id])
        func value(_ key: String) throws -> Int {
            try #require(shell.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) },
                         "no \(key) in \(shell)")
        }
        return (try value("X"), try value("Y"), try value("WIDTH"), try value("HEIGHT"))
    }

    /// The main window's icon as the X server has it (_NET_WM_ICON: width,
    /// height, then ARGB pixels), its first size only; empty without one.
    func windowIconPixels() throws -> [UInt32] {
        let said = try screen.output("xprop", ["-id", windowID, "-notype", "-f", "_NET_WM_ICON", "32c", "=$0+", "_NET_WM_ICON"])
        guard let equals = said.firstIndex(of: "=") else { return [] }
        let values = said[said.index(after: equals)...].split(separator: ",")
            .compactMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard values.count > 2 else { return [] }
        return Array(values.dropFirst(2).prefix(Int(values[0]) * Int(values[1])))
    }

    /// Whether the window shows SquareCam's own icon: its blue lens, which
    /// GTK's missing-image stand-in (an SVG it could not load) has none of.
    func hasTheAppsIcon() throws -> Bool {
        let blue = try windowIconPixels().filter { pixel in
            (pixel >> 24) > 200 && (pixel & 0xFF) > ((pixel >> 16) & 0xFF) + 80
        }
        return blue.count > 50
    }

    /// The app's windows on screen other than its main window (dialogs, tooltips).
    var otherVisibleWindows: [String] {
        let found = (try? screen.output("xdotool", ["search", "--onlyvisible", "--pid", String(process.processIdentifier)])) ?? ""
        return found.split(separator: "\n").map(String.init).filter { $0 != windowID }
    }

    /// Waits (up to `timeout` s) until `condition` holds; throws with `what` if it never does.
    func waitUntil(_ what: String, timeout: Double = 30, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(50_000)
        }
        throw failure("\(what) within \(timeout) s")
    }

    /// Waits until the window `id` is no longer on screen.
    func waitUntilGone(_ id: String, timeout: Double = 30) throws {
        try waitUntil("the window \(id) is still shown", timeout: timeout) { !otherVisibleWindows.contains(id) }
    }

    /// How many trace lines so far contain `text`.
    func traceCount(_ text: String) -> Int {
        traceLines.filter { $0.contains(text) }.count
    }

    /// Runs `action` (a key press), then waits for the next trace line containing `text`; returns it.
    @discardableResult
    func next(_ text: String, timeout: Double = 30, after action: () throws -> Void) throws -> String {
        let before = traceCount(text)
        try action()
        return try waitForTrace(text, occurrence: before + 1, timeout: timeout)
    }

    /// Clicks at (x, y) of the screen.
    func click(x: Int, y: Int) throws {
        try screen.run("xdotool", ["mousemove", String(x), String(y), "click", "1"])
    }
}

/// A `window NAME in WxH close X Y W H titled TITLE` trace line: the dialog's surface size,
/// its close button in surface pixels, the title its header bar shows.
struct DialogLine {
    var width: Int, height: Int
    var close: (x: Int, y: Int, width: Int, height: Int)
    var title: String

    init(_ line: String) throws {
        let size = try #require(line.range(of: " in ").map { line[$0.upperBound...].prefix { $0 != " " } }?
            .split(separator: "x").compactMap { Int($0) }, "\(line)")
        let close = try #require(line.range(of: " close ").map { line[$0.upperBound...].split(separator: " ").prefix(4).compactMap { Int($0) } },
                                 "\(line)")
        try #require(size.count == 2 && close.count == 4, "unreadable: \(line)")
        (width, height) = (size[0], size[1])
        self.close = (close[0], close[1], close[2], close[3])
        title = line.range(of: " titled ").map { String(line[$0.upperBound...]) } ?? ""
    }
}

/// A desktop with no app for any file type: data and config folders of its own (GTK's
/// icons, schemas, themes and the MIME database linked in, no `applications`), so
/// Open finds no image viewer whatever the machine has installed. With
/// `fileManager`, a stand-in file manager is registered for folders; it writes the
/// folder it was asked to open into `openedFolders`. Keep it alive while the app runs.
final class BareDesktop {
    let root: URL
    var openedFolders: URL { root.appendingPathComponent("opened-folders") }
    /// The file manager's GDK_DEBUG and GTK_THEME, as it was started, a line each (`GDK_DEBUG=unset` when it had none).
    var openedEnvironment: URL { root.appendingPathComponent("opened-environment") }

    init(fileManager: Bool = false) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-desktop-\(UUID().uuidString)")
        let share = root.appendingPathComponent("share")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config"), withIntermediateDirectories: true)
        for name in ["icons", "mime", "glib-2.0", "themes"] where FileManager.default.fileExists(atPath: "/usr/share/\(name)") {
            try FileManager.default.createSymbolicLink(at: share.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: "/usr/share/\(name)"))
        }
        guard fileManager else { return }
        let applications = share.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let script = root.appendingPathComponent("file-manager.sh")
        // The environment first: a test waits for the folder, then reads it.
        try "#!/bin/sh\necho \"GDK_DEBUG=${GDK_DEBUG-unset}\" > '\(openedEnvironment.path)'\necho \"GTK_THEME=${GTK_THEME-unset}\" >> '\(openedEnvironment.path)'\necho \"$1\" >> '\(openedFolders.path)'\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try """
            [Desktop Entry]
            Type=Application
            Name=Test File Manager
            Exec=\(script.path) %u
            MimeType=inode/directory;
            NoDisplay=true

            """.write(to: applications.appendingPathComponent("test-file-manager.desktop"), atomically: true, encoding: .utf8)
        // What update-desktop-database writes: GIO finds a type's apps through it.
        try "[MIME Cache]\ninode/directory=test-file-manager.desktop;\n"
            .write(to: applications.appendingPathComponent("mimeinfo.cache"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The app's environment on this desktop (the user's own data folder empty too, whatever the tests' is).
    var environment: [String: String] {
        ["XDG_DATA_DIRS": root.appendingPathComponent("share").path,
         "XDG_CONFIG_DIRS": root.appendingPathComponent("config").path,
         "XDG_DATA_HOME": root.appendingPathComponent("data-home").path]
    }
}
