import Foundation

/// Waiting for a child and reading what it printed, without the two ways
/// that hung whole test runs:
///
/// - Foundation sometimes misses a child's exit when many children run at
///   once: the child stays a zombie, `isRunning` stays true, its termination
///   handler never runs and `waitUntilExit()` never returns (under
///   AddressSanitizer, and once on an xdotool). A child that has been a
///   zombie for 2 s is reaped here.
/// - A pipe's write end is inherited by any program another thread starts
///   at the same moment (Foundation's pipes are not close-on-exec): an
///   openbox started for one test held an xdotool's output pipe of another,
///   so reading it to its end waited for openbox. Output is read while the
///   child runs and until it has exited and its pipes are drained, not to
///   the end of file.
///
/// Both look every few milliseconds: `waitUntilExit()` itself waits in steps
/// of 50 ms, which made each of the thousands of short tools the tests run
/// take 50 ms at least.
extension Process {
    /// Waits for the child to end; its exit status, or 128 + the signal that
    /// killed it. Use it instead of `terminationStatus`, which Foundation
    /// never sets for a child it forgot.
    public func waitForExitStatus() -> Int32 {
        waitForExitStatus(timeout: .infinity)!
    }

    /// As `waitForExitStatus()`, but nil if it still runs after `timeout` seconds.
    public func waitForExitStatus(timeout: Double) -> Int32? {
        collectOutput(of: [], timeout: timeout).status
    }

    /// Reads `pipes` (the child's standard output, error…) while it runs, until
    /// it has ended and they hold nothing more, then closes them; its exit
    /// status (nil if it still runs after `timeout` seconds, the pipes left
    /// open) and what each pipe gave.
    public func collectOutput(of pipes: [Pipe], timeout: Double = .infinity) -> (status: Int32?, outputs: [Data]) {
        let deadline = Date().addingTimeInterval(timeout)
        var outputs = Array(repeating: Data(), count: pipes.count)
        var open = Set(pipes.indices)
        var zombieSince: Date?
        while true {
            let ended = exitStatusIfEnded(zombieSince: &zombieSince)
            // Once it has ended, whatever it wrote is in the pipes: drain them without waiting.
            let gotMore = read(pipes, open: &open, into: &outputs, waitingMilliseconds: ended == nil ? 5 : 0)
            if let ended, !gotMore || open.isEmpty {
                // Now, not whenever Foundation frees them: the test process
                // held thousands, and every program it starts closes each.
                for pipe in pipes { try? pipe.fileHandleForReading.close() }
                return (ended, outputs)
            }
            if ended == nil && Date() >= deadline { return (nil, outputs) }
        }
    }

    /// Reads what is there; true if anything was. Waits up to `waitingMilliseconds` for something to come.
    private func read(_ pipes: [Pipe], open: inout Set<Int>, into outputs: inout [Data], waitingMilliseconds: Int32) -> Bool {
        guard !open.isEmpty else {
            if waitingMilliseconds > 0 { usleep(UInt32(waitingMilliseconds) * 1000) }
            return false
        }
        let watched = open.sorted()
        var polled = watched.map { pollfd(fd: pipes[$0].fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        guard poll(&polled, nfds_t(polled.count), waitingMilliseconds) > 0 else { return false }
        var gotMore = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        for (slot, index) in watched.enumerated() where polled[slot].revents != 0 {
            let count = Glibc.read(polled[slot].fd, &buffer, buffer.count)
            if count > 0 {
                outputs[index].append(contentsOf: buffer[..<count])
                gotMore = true
            } else if count == 0 || errno != EINTR {
                open.remove(index)
            }
        }
        return gotMore
    }

    /// The exit status once the child has ended; nil while it runs.
    private func exitStatusIfEnded(zombieSince: inout Date?) -> Int32? {
        guard isRunning else {
            return terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
        }
        return reapIfForgotten(zombieSince: &zombieSince)
    }

    private func reapIfForgotten(zombieSince: inout Date?) -> Int32? {
        let pid = processIdentifier
        guard ProcessStat(pid: pid)?.isZombie == true else {
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
