import Foundation
import PortalTestSupport
import Testing
import TestThreads

extension AppWindowTests {
    /// The shutter plays the click through the desktop's player (here a
    /// stand-in `pw-play` first on PATH that records what it was given), the
    /// player is reaped once it ends (no zombie left under the app), and with
    /// the preference off nothing is played.
    @Test func shutterPlaysTheClickAndReapsThePlayer() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let record = bin.appendingPathComponent("played")
        let player = bin.appendingPathComponent("pw-play")
        try ExecutableScript.write("#!/bin/sh\nhead -c 4 \"$1\" >> '\(record.path)'\necho >> '\(record.path)'\n", to: player.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let app = try AppSession(["--camera", Self.testCamera], environment: ["PATH": path])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        // Whole lines only: the stand-in writes the four bytes and the newline apart.
        let played = try waitForContents(of: record) { $0.hasSuffix("\n") && $0.split(separator: "\n").count == 1 }
        #expect(played == "RIFF\n", "the player was not handed a WAV file: \(played.debugDescription)")
        try #require(waitUntil { zombieChildren(of: app.process.processIdentifier).isEmpty },
                     "the ended player is never reaped: zombies \(zombieChildren(of: app.process.processIdentifier))")
        try app.press("r")
        try app.waitForTrace("→ live", occurrence: 2)
        try app.press("space")
        try app.waitForTrace("review showing", occurrence: 2)
        _ = try waitForContents(of: record) { $0.hasSuffix("\n") && $0.split(separator: "\n").count == 2 }

        // Off in the preferences (the file the app keeps them in): silence.
        try FileManager.default.removeItem(at: record)
        let settings = app.home.appendingPathComponent(".config/squarecam/settings")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "shutter-sound=false\n".write(to: settings, atomically: true, encoding: .utf8)
        let quiet = try AppSession(["--camera", Self.testCamera], environment: ["PATH": path, "HOME": app.home.path,
                                                                        "XDG_CONFIG_HOME": app.home.appendingPathComponent(".config").path])
        try quiet.waitForTrace("viewfinder showing frames")
        try quiet.press("space")
        try quiet.waitForTrace("shutter sound off")
        try quiet.waitForTrace("review showing")
        #expect(!FileManager.default.fileExists(atPath: record.path), "the click played with the preference off")
    }
}

/// The file's text once `done` accepts it (it is written by another process).
private func waitForContents(of file: URL, timeout: Double = 20, until done: (String) -> Bool) throws -> String {
    var text = ""
    let found = waitUntil(timeout: timeout) {
        text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return done(text)
    }
    try #require(found, "\(file.lastPathComponent) never reached the expected contents: \(text.debugDescription)")
    return text
}

private func waitUntil(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(100_000)
    }
    return condition()
}

/// Children of `pid` that have ended and not been waited for.
private func zombieChildren(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    let children = tasks.flatMap { task -> [Int32] in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }
    return children.filter { ProcessStat(pid: $0)?.isZombie == true }
}
