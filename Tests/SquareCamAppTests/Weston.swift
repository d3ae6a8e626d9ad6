import Foundation
import Synchronization
import TestThreads

/// A headless Weston (Wayland compositor, pixman renderer) for the GUI tests
/// on GTK's Wayland path, as GNOME desktops and Linux phones run it. Started
/// once per display lane, in a runtime folder of its own, killed at exit.
/// Wayland gives a test no way to press keys, so the tests drive the app
/// through its accessibility interface (`AccessibilityBus.activate`).
final class Weston: Sendable {
    /// The compositor of the test's lane.
    static var shared: Weston { DisplayLane.current.weston }
    /// The test lane's compositor with an output of `width`×`height` (a phone's).
    static func sized(width: Int, height: Int) -> Weston { DisplayLane.current.weston(width: width, height: height) }

    private let started = Mutex<Result<URL, AppTestError>?>(nil)
    /// The output's size in pixels.
    let width: Int
    let height: Int

    init(width: Int = 1280, height: Int = 1024) {
        self.width = width
        self.height = height
    }

    /// The compositor's socket (GTK 4.8 takes only a name in `XDG_RUNTIME_DIR`, no path).
    var socket: URL {
        get throws {
            try started.withLock { state in
                if state == nil { state = start() }
                return try state!.get()
            }
        }
    }

    /// `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY` for a client, `GDK_BACKEND` for GTK.
    var environment: [String: String] {
        get throws {
            let socket = try self.socket
            return ["XDG_RUNTIME_DIR": socket.deletingLastPathComponent().path, "WAYLAND_DISPLAY": socket.lastPathComponent,
                    "GDK_BACKEND": "wayland"]
        }
    }

    private func start() -> Result<URL, AppTestError> {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-weston-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { return .failure(AppTestError("no runtime folder for weston: \(error)")) }
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // desktop-shell with pixman: the screenshooter reads what was drawn (the default headless renderer draws nothing).
        weston.arguments = ["weston", "--backend=headless-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                            "--socket=wayland-test", "--idle-time=0", "--debug", "--no-config"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        weston.environment = environment
        weston.currentDirectoryURL = runtime
        let log = runtime.appendingPathComponent("weston.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        weston.standardOutput = try? FileHandle(forWritingTo: log)
        weston.standardError = weston.standardOutput
        do { try weston.run() } catch {
            return .failure(AppTestError("weston could not start (\(error)); install weston (scripts/install-deps.sh)"))
        }
        KilledAtExit.add(weston)
        let socket = runtime.appendingPathComponent("wayland-test")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            guard weston.isRunning else {
                return .failure(AppTestError("weston exited at once: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"))
            }
            if FileManager.default.fileExists(atPath: socket.path) { return .success(socket) }
            usleep(50_000)
        }
        return .failure(AppTestError("weston did not open its socket within 20 s"))
    }

    /// The whole output as it is drawn now (weston-screenshooter, allowed by `--debug`).
    func screenshot(saveAs name: String? = nil) throws -> Picture {
        let environment = try self.environment
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-wlshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        shooter.arguments = ["timeout", "20", "weston-screenshooter"]
        shooter.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        shooter.currentDirectoryURL = folder
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        try shooter.run()
        let status = shooter.waitForExitStatus()
        guard status == 0,
              let file = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first(where: { $0.pathExtension == "png" })
        else { throw AppTestError("weston-screenshooter failed (status \(status))") }
        if let name { try? Screenshots.keep(file, as: name) }
        return try Picture(file: file)
    }

    /// Screenshots until `shows` holds, for up to `seconds`; the last one.
    /// The app's trace says a frame was drawn once GTK committed it, and the
    /// compositor puts it on its output a moment later (on a loaded machine,
    /// seen later than a screenshot taken at once).
    func screenshot(saveAs name: String? = nil, waitingUpTo seconds: Double, until shows: (Picture) -> Bool) throws -> Picture {
        let deadline = Date().addingTimeInterval(seconds)
        var picture = try screenshot(saveAs: name)
        while !shows(picture), Date() < deadline {
            usleep(100_000)
            picture = try screenshot(saveAs: name)
        }
        return picture
    }
}
