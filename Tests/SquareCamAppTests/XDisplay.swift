import Foundation
import Synchronization
import TestThreads

/// An X display the GUI tests draw on: `$DISPLAY` (as `make test` sets it
/// with xvfb-run) or a private Xvfb, started once for the whole run. Each
/// GUI test has the screens of one `DisplayLane` to itself.
final class XDisplay: Sendable {
    /// The desktop-sized display of the test's lane.
    static var shared: XDisplay { DisplayLane.current.desktop }
    /// A phone's screen in device pixels (720×1440), for the app at scale 2, in the test's lane.
    static var phone: XDisplay { DisplayLane.current.phone }

    /// A private screen `width`×`height` with a window manager running on
    /// it, in the test's lane: fullscreen is asked of the window manager and
    /// never happens without.
    static func withWindowManager(width: Int, height: Int) -> XDisplay {
        DisplayLane.current.withWindowManager(width: width, height: height)
    }

    private let screen: String
    private let usesEnvironment: Bool
    private let windowManager: Bool
    private let started = Mutex<Result<String, AppTestError>?>(nil)

    init(screen: String, usesEnvironment: Bool, windowManager: Bool = false) {
        self.screen = screen
        self.usesEnvironment = usesEnvironment
        self.windowManager = windowManager
    }

    /// The display name, starting Xvfb if there is none.
    var name: String {
        get throws {
            try started.withLock { state in
                if state == nil { state = start() }
                return try state!.get()
            }
        }
    }

    private func start() -> Result<String, AppTestError> {
        if usesEnvironment, let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return .success(display) }
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"]
        let pipe = Pipe()
        xvfb.standardOutput = pipe
        xvfb.standardError = FileHandle.nullDevice
        do { try xvfb.run() } catch {
            return .failure(AppTestError("no $DISPLAY and Xvfb could not start (\(error)); install xvfb or run under xvfb-run"))
        }
        KilledAtExit.add(xvfb)
        // Xvfb writes the display number once it accepts connections.
        var number = ""
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != 10 {
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else { return .failure(AppTestError("Xvfb did not report its display")) }
        if windowManager, let failure = startWindowManager(on: ":" + number) { return .failure(failure) }
        return .success(":" + number)
    }

    /// Starts openbox on `display` and waits (at most 10 s) until it manages the screen; nil once it does.
    private func startWindowManager(on display: String) -> AppTestError? {
        let openbox: URL, xprop: URL
        do {
            openbox = try Tool.executable("openbox")
            xprop = try Tool.executable("xprop")
        } catch {
            return error
        }
        let manager = Process()
        manager.executableURL = openbox
        manager.arguments = ["--sm-disable"]
        manager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        do { try manager.run() } catch {
            return AppTestError("openbox could not start (\(error)); install openbox (scripts/install-deps.sh)")
        }
        KilledAtExit.add(manager)
        // A window manager says it runs by naming its check window on the root window.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard manager.isRunning else { return AppTestError("openbox exited at once on \(display)") }
            let check = Process()
            check.executableURL = xprop
            check.arguments = ["-root", "_NET_SUPPORTING_WM_CHECK"]
            check.environment = manager.environment
            let pipe = Pipe()
            check.standardOutput = pipe
            check.standardError = FileHandle.nullDevice
            guard (try? check.run()) != nil else { return AppTestError("xprop is missing; install x11-utils (scripts/install-deps.sh)") }
            let answer = String(decoding: check.collectOutput(of: [pipe]).outputs[0], as: UTF8.self)
            if answer.contains("window id") { return nil }
            usleep(50_000)
        }
        return AppTestError("openbox did not take the screen \(display) within 10 s")
    }

    /// Runs a command on the display; throws when it fails.
    func run(_ tool: String, _ arguments: [String]) throws {
        _ = try output(tool, arguments)
    }

    /// Runs a command on the display and returns its standard output.
    func output(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try outputData(tool, arguments), as: UTF8.self)
    }

    /// Runs a command on the display and returns its raw standard output.
    func outputData(_ tool: String, _ arguments: [String]) throws -> Data {
        try Tool.outputData(tool, arguments, environment: ["DISPLAY": try name])
    }
}
