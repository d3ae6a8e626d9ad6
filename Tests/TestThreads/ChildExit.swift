import Foundation

/// Foundation sometimes misses a child's exit when many children run at
/// once: the child stays a zombie, `isRunning` stays true, its termination
/// handler never runs and `waitUntilExit()` never returns. It hung whole
/// runs, under AddressSanitizer and once on an xdotool in the window tests.
/// These waits look every few milliseconds and reap, themselves, a child
/// that has been a zombie for 2 s.
extension Process {
    /// Waits for the child to end; its exit status, or 128 + the signal that
    /// killed it. Use it instead of `terminationStatus`, which Foundation
    /// never sets for a child it forgot.
    public func waitForExitStatus() -> Int32 {
        waitForExitStatus(timeout: .infinity)!
    }

    /// As `waitForExitStatus()`, but nil if it still runs after `timeout` seconds.
    public func waitForExitStatus(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var zombieSince: Date?
        while isRunning {
            if let status = reapIfForgotten(zombieSince: &zombieSince) { return status }
            if Date() >= deadline { return nil }
            usleep(5_000)
        }
        return terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
    }

    private func reapIfForgotten(zombieSince: inout Date?) -> Int32? {
        let pid = processIdentifier
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards), stat[end.upperBound...].first == "Z"
        else {
            zombieSince = nil
            return nil
        }
        let since = zombieSince ?? Date()
        zombieSince = since
        guard Date().timeIntervalSince(since) > 2 else { return nil }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
