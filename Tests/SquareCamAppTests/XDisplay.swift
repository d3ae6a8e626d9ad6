import Foundation
import Synchronization

/// The private Xvfbs this test process started, killed when it exits.
private let privateServers = Mutex<[Int32]>([])

/// An X display the GUI tests draw on: `$DISPLAY` (as `make test` sets it
/// with xvfb-run) or a private Xvfb, started once for the whole run.
final class XDisplay: Sendable {
    /// The desktop-sized display every window test shares.
    static let shared = XDisplay(screen: "1280x1024x24", usesEnvironment: true)
    /// A phone's screen in device pixels (720×1440), for the app at scale 2.
    static let phone = XDisplay(screen: "720x1440x24", usesEnvironment: false)

    private let screen: String
    private let usesEnvironment: Bool
    private let started = Mutex<Result<String, AppTestError>?>(nil)

    private init(screen: String, usesEnvironment: Bool) {
        self.screen = screen
        self.usesEnvironment = usesEnvironment
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
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
        let pipe = Pipe()
        xvfb.standardOutput = pipe
        xvfb.standardError = FileHandle.nullDevice
        do { try xvfb.run() } catch {
            return .failure(AppTestError("no $DISPLAY and Xvfb could not start (\(error)); install xvfb or run under xvfb-run"))
        }
        // Ours to stop when the test process ends: otherwise every run leaves an
        // Xvfb behind. SIGKILL, because Xvfb inherits the test process's blocked
        // signals (SIGTERM stayed pending in the ones that leaked).
        let first = privateServers.withLock { servers in
            servers.append(xvfb.processIdentifier)
            return servers.count == 1
        }
        if first {
            atexit {
                for server in privateServers.withLock({ $0 }) { kill(server, SIGKILL) }
            }
        }
        // Xvfb writes the display number once it accepts connections.
        var number = ""
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != 10 {
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else { return .failure(AppTestError("Xvfb did not report its display")) }
        return .success(":" + number)
    }

    /// Runs a command on the display; throws when it fails.
    func run(_ tool: String, _ arguments: [String]) throws {
        _ = try output(tool, arguments)
    }

    /// Runs a command on the display and returns its standard output.
    func output(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = try name
        process.environment = environment
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AppTestError("\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(errorText)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
