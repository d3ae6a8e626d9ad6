import Foundation
import Synchronization
import TestThreads

/// A private desktop session with real daemons for a test: session bus,
/// permission store, PipeWire with camera nodes, WirePlumber, a mock portal
/// backend and the real xdg-desktop-portal (harness/portal/session.py).
///
/// Start one per test; pass `environment` to the code or program under test
/// (its session bus and PipeWire). Everything stops when `stop()` is called
/// or this object is freed, and also if the test process dies (the script
/// sees its stdin close; its daemons die with it). A session that cannot
/// start throws `PortalSession.Failure` with the script's reason: tests fail
/// loudly, they never skip.
public final class PortalSession: @unchecked Sendable {
    // @unchecked: `process` and the pipes never change; commands are serialised by `commandLock`.

    /// What `AccessDialog` answers when the portal asks (nothing stored yet, or "ask").
    public enum DialogAnswer: String, Sendable {
        case allow, deny, cancel
        /// Never answers: only the caller's cancellation ends the wait.
        case hang
    }

    /// The camera answer kept in the permission store for the host app ("").
    public enum StoredAnswer: String, Sendable {
        case yes, no, ask
        /// No entry: the portal asks its dialog.
        case none
    }

    /// How to start the session.
    public struct Options: Sendable {
        public var cameras = 1
        /// Sound source nodes (SPA's audiotestsrc, a sine) inside PipeWire.
        public var microphones = 0
        /// false: no xdg-desktop-portal and no backend (the bus has no portal at all).
        public var portal = true
        public var pipeWire = true
        public var answer = DialogAnswer.allow
        public var stored = StoredAnswer.none
        /// GNOME's lockdown `disable-camera`, through the mock Lockdown backend.
        public var lockdown = false

        public init(cameras: Int = 1, microphones: Int = 0, portal: Bool = true, pipeWire: Bool = true,
                    answer: DialogAnswer = .allow, stored: StoredAnswer = .none, lockdown: Bool = false) {
            self.cameras = cameras
            self.microphones = microphones
            self.portal = portal
            self.pipeWire = pipeWire
            self.answer = answer
            self.stored = stored
            self.lockdown = lockdown
        }
    }

    /// A camera node inside the session's PipeWire.
    public struct CameraNode: Hashable, Sendable {
        /// `object.serial`: SquareCam's id for it is `pipewire:<serial>`.
        public var serial: String
        public var name: String
    }

    /// Why the session or a command failed, in the script's words.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The variables a client of this session needs: DBUS_SESSION_BUS_ADDRESS,
    /// XDG_RUNTIME_DIR, PIPEWIRE_RUNTIME_DIR.
    public let environment: [String: String]
    /// The camera nodes PipeWire was started with.
    public let cameras: [CameraNode]
    /// The daemons' logs, for a failing test's message.
    public let logFolder: String

    private let process: Process
    private let input: FileHandle
    private let lines: LineReader
    private let commandLock = Mutex(())
    /// Starting daemons on a loaded two-core machine can take a while.
    static let replyTimeout: Duration = .seconds(90)

    /// harness/portal/session.py, found from this file's place in the package.
    public static let script: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("harness/portal/session.py").path

    /// Starts the daemons and waits until they are ready.
    public static func start(_ options: Options = Options()) throws -> PortalSession {
        try PortalSession(options)
    }

    private init(_ options: Options) throws {
        var arguments = [Self.script, "--cameras", String(options.cameras), "--microphones", String(options.microphones), "--answer", options.answer.rawValue,
                         "--permission", options.stored.rawValue]
        if !options.portal { arguments.append("--no-portal") }
        if !options.pipeWire { arguments.append("--no-pipewire") }
        if options.lockdown { arguments.append("--lockdown") }
        let process = Process()
        // The Debian python3: python3-dbusmock and python3-gi live there.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not run /usr/bin/python3 \(Self.script) (\(error)): run scripts/install-deps.sh")
        }
        self.process = process
        input = stdin.fileHandleForWriting
        lines = LineReader(stdout.fileHandleForReading)
        let ready: [String: Any]
        do {
            ready = try Self.decode(lines.next(timeout: Self.replyTimeout))
        } catch {
            process.terminate()
            throw error
        }
        guard ready["ready"] as? Bool == true, let environment = ready["environment"] as? [String: String] else {
            _ = process.waitForExitStatus()
            throw Failure(description: "the test session did not start: \(ready["error"] ?? "no reason given") (logs: \(ready["logs"] ?? "none"))")
        }
        self.environment = environment
        logFolder = ready["logs"] as? String ?? ""
        cameras = Self.nodes(ready["cameras"])
    }

    deinit {
        stop()
    }

    /// Stops every daemon and waits for the script to exit. Safe to call twice.
    public func stop() {
        commandLock.withLock { _ in
            try? input.close()
        }
        _ = process.waitForExitStatus()
    }

    // MARK: Commands

    /// Stores a camera answer for the host app (`.none` deletes it).
    public func setStoredAnswer(_ answer: StoredAnswer) throws {
        _ = try command("permission \(answer.rawValue)")
    }

    /// The stored camera answer for the host app, as the permission store has it.
    public func storedAnswer() throws -> StoredAnswer {
        let reply = try command("stored")
        return (reply["stored"] as? String).flatMap(StoredAnswer.init(rawValue:)) ?? .none
    }

    /// What the Access dialog answers from now on.
    public func setDialogAnswer(_ answer: DialogAnswer) throws {
        _ = try command("answer \(answer.rawValue)")
    }

    /// How many times the portal asked the dialog since the backend (re)started.
    public func dialogCount() throws -> Int {
        try command("dialogs")["dialogs"] as? Int ?? -1
    }

    /// Sets GNOME's lockdown `disable-camera` (restarts xdg-desktop-portal, which reads it at start).
    public func setLockdown(_ on: Bool) throws {
        _ = try command("lockdown \(on ? "on" : "off")")
    }

    /// Restarts xdg-desktop-portal and its backend (the dialog count starts again at 0).
    public func restartPortal() throws {
        _ = try command("restart-portal")
    }

    /// SIGKILLs PipeWire (WirePlumber goes with it).
    public func killPipeWire() throws {
        _ = try command("kill-pipewire")
    }

    /// Stops PipeWire with SIGSTOP: its nodes and links stay, but no frame
    /// flows and no client is told (a hung daemon or driver, as a camera sees it).
    public func freezePipeWire() throws {
        _ = try command("freeze-pipewire")
    }

    /// Lets a frozen PipeWire run again.
    public func thawPipeWire() throws {
        _ = try command("thaw-pipewire")
    }

    /// Starts PipeWire and WirePlumber again, with the camera nodes of the start.
    @discardableResult
    public func startPipeWire() throws -> [CameraNode] {
        Self.nodes(try command("start-pipewire")["cameras"])
    }

    /// Adds a camera node while running.
    public func addCamera(name: String? = nil) throws -> CameraNode {
        let reply = try command("add-camera" + (name.map { " " + $0 } ?? ""))
        return CameraNode(serial: reply["serial"] as? String ?? "", name: reply["name"] as? String ?? "")
    }

    /// Adds a microphone node no recording has used yet; returns its node
    /// name. (A used one may have stopped: see session.py's microphone nodes.)
    public func addMicrophone() throws -> String {
        try command("add-microphone")["name"] as? String ?? ""
    }

    /// A camera node and a microphone node of another program that flash and
    /// beep together at every whole second (harness/av-sync/clapper.py).
    public struct Clapper: Sendable {
        public var cameraSerial: String
        public var microphone: String
        /// The clapper's base time on the monotonic clock, in nanoseconds:
        /// its whole seconds of running time are the marks.
        public var baseTime: String
    }

    public func addClapper() throws -> Clapper {
        let reply = try command("add-clapper")
        return Clapper(cameraSerial: reply["serial"] as? String ?? "", microphone: reply["microphone"] as? String ?? "",
                       baseTime: reply["base_time"] as? String ?? "")
    }

    /// Adds a camera node that shows the PNG at `path` (a QR code, for `scan`).
    public func addPictureCamera(path: String) throws -> CameraNode {
        let reply = try command("add-picture-camera " + path)
        return CameraNode(serial: reply["serial"] as? String ?? "", name: reply["name"] as? String ?? "")
    }

    /// Destroys a camera node (by serial or node name).
    public func removeCamera(_ serialOrName: String) throws {
        _ = try command("remove-camera \(serialOrName)")
    }

    /// Puts a fresh camera node in place of `used`, for a second consumer:
    /// PipeWire 0.3.65's SPA test sources can stop for good once a consumer
    /// that held their buffers has left on a busy machine (session.py,
    /// microphone nodes), and the next one then gets no picture.
    @discardableResult
    public func replaceCamera(_ used: CameraNode) throws -> CameraNode {
        let fresh = try addCamera()
        try removeCamera(used.serial)
        return fresh
    }

    /// For a failed test's message: which daemons still run, how the others
    /// ended, and the ends of PipeWire's and the portal's logs.
    public func health() -> String {
        do {
            return try command("health")["report"] as? String ?? "no report"
        } catch {
            return "no report: \(error)"
        }
    }

    /// The camera nodes PipeWire has now.
    public func currentCameras() throws -> [CameraNode] {
        Self.nodes(try command("cameras")["cameras"])
    }

    private func command(_ line: String) throws -> [String: Any] {
        try commandLock.withLock { _ in
            do {
                try input.write(contentsOf: Data((line + "\n").utf8))
            } catch {
                throw Failure(description: "the test session has ended (\(error)); daemon logs: \(logFolder)")
            }
            let reply = try Self.decode(lines.next(timeout: Self.replyTimeout))
            guard reply["ok"] as? Bool == true else {
                throw Failure(description: "'\(line)' failed: \(reply["error"] ?? "no reason given") (logs: \(logFolder))")
            }
            return reply
        }
    }

    private static func decode(_ line: String?) throws -> [String: Any] {
        guard let line else {
            throw Failure(description: "the test session script stopped answering (see its stderr above)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failure(description: "the test session script printed something that is not JSON: \(line)")
        }
        return object
    }

    private static func nodes(_ value: Any?) -> [CameraNode] {
        (value as? [[String: Any]] ?? []).map {
            CameraNode(serial: $0["serial"] as? String ?? "", name: $0["name"] as? String ?? "")
        }
    }
}

/// Lines from a pipe, read on a thread of its own so a wait can have a deadline
/// (the accessibility tests' bus helper reads its answers so too).
public final class LineReader: @unchecked Sendable {
    // @unchecked: `pending` and `ended` are behind `lock`; `available` is a semaphore.
    private let lock = NSLock()
    private var pending: [String] = []
    private var ended = false
    private let available = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    lock.withLock { pending.append(line) }
                    available.signal()
                }
            }
            lock.withLock { ended = true }
            available.signal()
        }
        thread.name = "portal-session.stdout"
        thread.start()
    }

    /// The next line; nil when the pipe ended or nothing came in time.
    public func next(timeout: Duration) -> String? {
        let deadline = DispatchTime.now() + .seconds(Int(timeout.components.seconds))
        while true {
            let (line, done) = lock.withLock { () -> (String?, Bool) in
                if !pending.isEmpty { return (pending.removeFirst(), false) }
                return (nil, ended)
            }
            if let line { return line }
            if done { return nil }
            if available.wait(timeout: deadline) == .timedOut { return nil }
        }
    }
}
