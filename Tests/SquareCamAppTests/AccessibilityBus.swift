import Foundation
import PortalTestSupport
import Synchronization
import TestThreads

/// A private accessibility bus for one test (harness/a11y/atspi_session.py): a
/// session bus, at-spi-bus-launcher and the registry, read with pyatspi as a
/// screen reader reads them. Start the app with `environment` and it joins
/// the bus; `tree(of:)` is what a screen reader sees of it, `events()` what
/// reached the bus since the last call. Everything stops when this object is
/// freed, or with the test process (the script sees its stdin close).
final class AccessibilityBus: @unchecked Sendable {
    // @unchecked: `process` and the pipes never change; commands are serialised by `commandLock`.

    /// DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS and GTK_A11Y for the app.
    let environment: [String: String]
    private let process: Process
    private let input: FileHandle
    private let lines: LineReader
    private let commandLock = Mutex(())
    private static let replyTimeout: Duration = .seconds(60)

    static let script: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("harness/a11y/atspi_session.py").path

    init() throws {
        let process = Process()
        // The Debian python3: python3-pyatspi lives there.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            throw AppTestError("could not run /usr/bin/python3 \(Self.script) (\(error)): run scripts/install-deps.sh")
        }
        self.process = process
        input = stdin.fileHandleForWriting
        lines = LineReader(stdout.fileHandleForReading)
        let ready = try Self.decode(lines.next(timeout: Self.replyTimeout))
        guard ready["ready"] as? Bool == true, let environment = ready["environment"] as? [String: String] else {
            _ = process.waitForExitStatus()
            throw AppTestError("the accessibility bus did not start: \(ready["error"] ?? "no reason given")")
        }
        self.environment = environment
    }

    deinit {
        commandLock.withLock { _ in try? input.close() }
        _ = process.waitForExitStatus()
    }

    /// The app's accessible tree, waiting (up to 30 s) until `ready` holds for it.
    func tree(of app: AppSession, timeout: Double = 30, until ready: (AccessibleNode) -> Bool = { _ in true }) throws -> AccessibleNode {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Result<AccessibleNode, Error> = .failure(AppTestError("never asked"))
        while Date() < deadline {
            last = Result { try AccessibleNode(try command("tree \(app.process.processIdentifier)")["tree"]) }
            if case .success(let tree) = last, ready(tree) { return tree }
            usleep(100_000)
        }
        switch last {
        case .success(let tree): throw AppTestError("the app's accessible tree never got ready:\n\(tree.outline)")
        case .failure(let error): throw error
        }
    }

    /// Clicks the visible control named `name` through its accessible action,
    /// waiting (up to 30 s) for it to show: the input a test has under Wayland.
    func activate(_ name: String, in app: AppSession) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try command("activate \(app.process.processIdentifier) \(name)")["action"] is String { return }
            guard app.process.isRunning else { break }
            usleep(100_000)
        }
        throw AppTestError("no visible control named '\(name)' to activate; the app said:\n\(app.log)")
    }

    /// What reached the bus from `app` since the last call.
    func events(of app: AppSession) throws -> [AccessibleEvent] {
        let all = try command("events")["events"] as? [[String: Any]] ?? []
        return all.map(AccessibleEvent.init).filter { $0.pid == Int(app.process.processIdentifier) }
    }

    /// Waits (up to `timeout` s) for an event from `app` that fits; returns it and every event seen meanwhile.
    func waitForEvent(of app: AppSession, timeout: Double = 30, _ fits: (AccessibleEvent) -> Bool) throws -> (AccessibleEvent, [AccessibleEvent]) {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [AccessibleEvent] = []
        while Date() < deadline {
            let new = try events(of: app)
            seen += new
            if let found = new.first(where: fits) { return (found, seen) }
            usleep(50_000)
        }
        throw AppTestError("no such accessibility event within \(timeout) s; these came:\n"
                           + seen.map(\.description).joined(separator: "\n"))
    }

    private func command(_ line: String) throws -> [String: Any] {
        try commandLock.withLock { _ in
            try input.write(contentsOf: Data((line + "\n").utf8))
            let reply = try Self.decode(lines.next(timeout: Self.replyTimeout))
            guard reply["ok"] as? Bool == true else {
                throw AppTestError("'\(line)' failed: \(reply["error"] ?? "no reason given")")
            }
            return reply
        }
    }

    private static func decode(_ line: String?) throws -> [String: Any] {
        guard let line else { throw AppTestError("the accessibility bus script stopped answering") }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw AppTestError("the accessibility bus script printed something that is not JSON: \(line)")
        }
        return object
    }
}

/// One accessible object as AT-SPI gives it, with its children.
struct AccessibleNode {
    var role: String
    var name: String
    var description: String
    var states: Set<String>
    var children: [AccessibleNode]

    init(_ value: Any?) throws {
        guard let object = value as? [String: Any] else { throw AppTestError("not an accessible node: \(String(describing: value))") }
        role = object["role"] as? String ?? ""
        name = object["name"] as? String ?? ""
        description = object["description"] as? String ?? ""
        states = Set(object["states"] as? [String] ?? [])
        children = try (object["children"] as? [Any] ?? []).map(AccessibleNode.init)
    }

    /// This node and every node under it, depth first (the order a screen reader walks).
    var all: [AccessibleNode] { [self] + children.flatMap(\.all) }

    /// The first node under this one (or this one) that fits.
    func first(where fits: (AccessibleNode) -> Bool) -> AccessibleNode? {
        all.first(where: fits)
    }

    /// The page (a GtkStack's page: GTK 4.8 names it by its type) that holds a node named `name`.
    func page(containing name: String) -> AccessibleNode? {
        all.first { $0.name == "GtkStackPage" && $0.all.contains { $0.name == name } }
    }

    var isFocused: Bool { states.contains("focused") }

    /// Role, name, description and states, on one line.
    var summary: String { "\(role) '\(name)'" + (description.isEmpty ? "" : " — \(description)") + " [\(states.sorted().joined(separator: ","))]" }

    /// The tree, one node per line, for a failing test's message.
    var outline: String { lines(depth: 0).joined(separator: "\n") }

    private func lines(depth: Int) -> [String] {
        [String(repeating: "  ", count: depth) + summary] + children.flatMap { $0.lines(depth: depth + 1) }
    }
}

/// An event that reached the accessibility bus.
struct AccessibleEvent: CustomStringConvertible {
    var type: String
    var detail: Int
    /// The event's value (a new name or description) as text.
    var data: String
    var sourceRole: String
    var sourceName: String
    var pid: Int

    init(_ object: [String: Any]) {
        type = object["type"] as? String ?? ""
        detail = object["detail1"] as? Int ?? 0
        data = (object["data"] as? String) ?? (object["data"].map { "\($0)" } ?? "")
        sourceRole = object["role"] as? String ?? ""
        sourceName = object["name"] as? String ?? ""
        pid = object["pid"] as? Int ?? 0
    }

    var description: String { "\(type) \(detail) from \(sourceRole) '\(sourceName)': \(data)" }
}
