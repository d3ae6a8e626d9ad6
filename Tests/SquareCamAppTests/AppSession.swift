import Foundation
import PortalTestSupport
import Testing
import TestThreads

/// One run of the built app on an X display, driven like a user would:
/// key presses through xdotool, screenshots read from the X server (CXCapture).
/// The app's `SQUARECAM_TRACE=1` lines say when a page or frame is on screen,
/// so the test waits for real events (with a timeout), never for fixed times.
final class AppSession {
    let home: URL
    private(set) var process = Process()
    private var logFile: URL { home.appendingPathComponent("app.log") }
    private var output: AppOutput?
    let display: String
    /// The X server the app is on.
    let screen: XDisplay
    private(set) var windowID = ""

    /// The Wayland compositor the app is on instead of X, if any (no keys, no window id there).
    let wayland: Weston?
    /// The private desktop session (bus, PipeWire, portal) the app runs in, if
    /// the test started one: a wait that fails also says how its daemons are.
    private let desktop: PortalSession?

    /// Starts the app (`program`: the product, or `BuiltApp.scripted`) with
    /// `arguments` and extra environment, in a fresh home folder.
    init(_ arguments: [String] = [], program: String = BuiltApp.product, environment extra: [String: String] = [:],
         in desktop: PortalSession? = nil, on screen: XDisplay = .shared, wayland: Weston? = nil) throws {
        try BuiltShare.prepare()
        self.screen = screen
        self.wayland = wayland
        self.desktop = desktop
        display = wayland == nil ? try screen.name : ""
        home = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
        environment["SQUARECAM_TRACE"] = "1"
        environment["GTK_A11Y"] = "none"
        environment["NO_AT_BRIDGE"] = "1"
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil {
            // No bus unless the test brings one: GIO would autolaunch one per
            // app through X, and the document portal GTK starts on it
            // outlives it (orphaned xdg-document-portal and fusermount3).
            environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + home.appendingPathComponent("no-session-bus").path
        }
        if let wayland {
            // No X at all: GTK can only take its Wayland path.
            environment.removeValue(forKey: "DISPLAY")
            environment.merge(try wayland.environment) { $1 }
        }
        let merged = environment.merging(desktop?.environment ?? [:]) { $1 }.merging(extra) { $1 }
        if wayland != nil {
            try launch(program, arguments, environment: merged)
            try waitForTrace("controls ")
            return
        }
        // Several X servers started at once on a shared machine can make the
        // first connection fail; that (and only that) is retried. The app
        // says so in its own words (main.swift), not GTK's "cannot open display".
        for attempt in 1...3 {
            try launch(program, arguments, environment: merged)
            do {
                windowID = try waitForWindow()
                return
            } catch where attempt < 3 && !process.isRunning && log.contains("There is no display") {
                FileHandle.standardError.write(Data("AppSession: the app could not reach \(display) (attempt \(attempt)); retrying\n".utf8))
                usleep(500_000)
            }
        }
    }

    private func launch(_ program: String, _ arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.environment = environment
        process.executableURL = try BuiltApp.executable(program)
        process.arguments = arguments
        // The app writes into a file the test reads back: no pipe to drain, and
        // nothing is lost if the app crashes.
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        output = AppOutput(file: logFile)
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            // A GTK app may take a while to wind down; do not wait forever.
            // One whose photo could not be saved on the way out stays open
            // to keep it (the tests of failed saves end that way): no need to wait.
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline && !keptAPhotoItCouldNotSave { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            _ = process.waitForExitStatus()
        }
        try? FileManager.default.removeItem(at: home)
    }

    private var keptAPhotoItCouldNotSave: Bool {
        guard let ending = traceLines.lastIndex(where: { $0.contains("session ending") }) else { return false }
        return traceLines[ending...].contains { $0.contains("saveFailed(") }
    }

    /// Everything the app wrote to stdout and stderr so far.
    var log: String { output?.text ?? "" }

    /// The trace lines the app wrote so far.
    var traceLines: [String] { output?.traceLines ?? [] }

    /// Waits until a trace line containing `text` appears after `after` earlier ones; returns that line.
    @discardableResult
    func waitForTrace(_ text: String, occurrence: Int = 1, timeout: Double = 90) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = traceLines.filter { $0.contains(text) }
            if lines.count >= occurrence { return lines[occurrence - 1] }
            if !process.isRunning { break }
            usleep(10_000)
        }
        throw failure("no trace line with '\(text)' (#\(occurrence)) \(howItEnded(timeout))")
    }

    /// Waits until a trace line containing `text`, among those after the
    /// first `mark` lines, satisfies `condition`; returns the latest such line.
    @discardableResult
    func waitForTrace(_ text: String, after mark: Int = 0, where condition: (String) -> Bool, timeout: Double = 90) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = traceLines.dropFirst(mark).last(where: { $0.contains(text) && condition($0) }) { return found }
            if !process.isRunning { break }
            usleep(10_000)
        }
        throw failure("no trace line with '\(text)' that fits \(howItEnded(timeout))")
    }

    /// What went wrong, what the app said, and how the desktop session's
    /// daemons are (a camera that never came is often PipeWire's doing).
    func failure(_ what: String) -> AppTestError {
        let daemons = desktop.map { "\nthe desktop session: " + $0.health() } ?? ""
        return AppTestError("\(what); the app said:\n\(log)\(daemons)")
    }

    /// Why a wait ended without its line: the time ran out, or the app ended.
    private func howItEnded(_ timeout: Double) -> String {
        guard !process.isRunning else { return "within \(timeout) s" }
        return "before the app ended with status \(process.waitForExitStatus()) (128 + N: killed by signal N)"
    }

    /// The path of the `occurrence`-th photo the app says it saved.
    func savedPhotoPath(occurrence: Int = 1) throws -> String {
        let saved = try waitForTrace("saved ", occurrence: occurrence)
        return String(saved[saved.range(of: "saved ")!.upperBound...])
    }

    /// Shutter, review, Ctrl+S, as a user does: the saved photo's path.
    func takeAndSavePhoto() throws -> String {
        try press("space")
        try waitForTrace("review showing")
        try press("ctrl+s")
        return try savedPhotoPath()
    }

    /// Presses keys (xdotool names: "space", "ctrl+s", "Escape") in the app's window.
    func press(_ keys: String...) throws {
        try press(keys)
    }

    func press(_ keys: [String]) throws {
        try press(keys, in: windowID)
    }

    /// Focuses the window, then presses: one xdotool, its commands chained.
    private func press(_ keys: [String], in window: String) throws {
        try screen.run("xdotool", ["windowfocus", "--sync", window, "key", "--delay", "40"] + keys)
    }

    /// Moves the pointer to (x, y) in the window, as a user's mouse would
    /// (a hovered toast stays until the pointer leaves it).
    func movePointer(toX x: Int, y: Int) throws {
        try screen.run("xdotool", ["mousemove", "--window", windowID, String(x), String(y)])
    }

    /// Presses keys in the app's newest window other than its main one (a
    /// dialog, preferences, shortcuts, about).
    func pressInDialog(_ keys: String...) throws {
        let windows = try screen.output("xdotool", ["search", "--onlyvisible", "--pid", String(process.processIdentifier)])
            .split(separator: "\n").map(String.init).filter { $0 != windowID }
        guard let dialog = windows.last else { throw AppTestError("no window of the app but its main one") }
        try press(keys, in: dialog)
    }

    /// Waits (up to 30 s) for a visible window titled `name` (a dialog of the app); returns its id.
    func waitForWindow(named name: String) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let found = try? screen.output("xdotool", ["search", "--onlyvisible", "--name", name]),
               let id = found.split(separator: "\n").last {
                return String(id)
            }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw failure("no window named '\(name)' appeared")
    }

    /// Resizes the app's window (as a window manager would, or a user dragging its edge).
    func resize(width: Int, height: Int) throws {
        try screen.run("xdotool", ["windowsize", windowID, String(width), String(height)])
    }

    /// A screenshot of the app's window.
    func screenshot(saveAs name: String? = nil) throws -> Picture {
        try capture(window: windowID, saveAs: name)
    }

    /// A screenshot of the whole screen (the app's dialogs are windows of their own).
    func screenshotOfScreen(saveAs name: String? = nil) throws -> Picture {
        try capture(window: "root", saveAs: name)
    }

    /// Read from the X server in this process (CXCapture): ImageMagick's
    /// import took 40 ms of CPU and more of waiting for each, and the tests
    /// take hundreds while other tests run beside them.
    private func capture(window: String, saveAs name: String?) throws -> Picture {
        guard let id = window == "root" ? 0 : UInt(window) else { throw AppTestError("'\(window)' is not an X window id") }
        let picture = try Picture(window: id, on: try screen.name)
        if let name { try? Screenshots.keep(picture, as: name) }
        return picture
    }

    /// Waits for the app to exit; returns its status.
    func waitForExit(timeout: Double = 60) throws -> Int32 {
        guard let status = process.waitForExitStatus(timeout: timeout) else { throw AppTestError("the app did not exit within \(timeout) s") }
        return status
    }

    /// Photos saved in the session's Pictures/Camera folder.
    var savedPhotos: [URL] {
        let folder = home.appendingPathComponent("Pictures/Camera")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
    }

    private func waitForWindow() throws -> String {
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            // Asked of the X server (a program started each time) only once
            // the app traced its first page's controls, which it does once
            // the window is laid out.
            if traceLines.contains(where: { $0.contains("controls ") }),
               let found = try? screen.output("xdotool", ["search", "--onlyvisible", "--pid", String(process.processIdentifier)]),
               let id = found.split(separator: "\n").last {
                return String(id)
            }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        let reason = process.isRunning ? "did not appear within 90 s" : "never appeared: the app exited with status \(process.terminationStatus)"
        throw failure("the app's window \(reason)")
    }
}

/// Parses a trace line's "at X Y SIDE" into a square in window pixels.
func drawnSquare(in line: String, after marker: String = " at ") -> (x: Int, y: Int, side: Int)? {
    guard let range = line.range(of: marker) else { return nil }
    let numbers = line[range.upperBound...].split(separator: " ").prefix(3).compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    return (numbers[0], numbers[1], numbers[2])
}


/// The whole number after `marker` in a trace line ("side 590" → 590).
func number(after marker: String, in line: String) -> Int? {
    guard let range = line.range(of: marker) else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isNumber })
}
