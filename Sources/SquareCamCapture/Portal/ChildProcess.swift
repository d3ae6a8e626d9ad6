#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end and collects what it printed: posix_spawn, two
/// pipes read together with poll, waitpid. Every call for child processes is
/// here. (Foundation's Process would do the same, but it alone would make
/// squarecam-gst load all of Foundation, CoreFoundation and ICU at every
/// start; this target uses FoundationEssentials only.)
enum ChildProcess {
    struct Finished {
        enum Ending: Equatable {
            case exited(status: Int32)
            case signalled(signal: Int32)
        }

        let ending: Ending
        let output: [UInt8]
        let errors: [UInt8]
        /// True when it was killed for running past the timeout.
        let timedOut: Bool
    }

    struct StartError: Error {
        let reason: String
    }

    /// Runs `program` with `arguments` in `environment`, standard input from
    /// /dev/null, until it ends; after `timeout` seconds it is killed with
    /// SIGKILL (a hung program is owed no cleanup). It starts with no signal
    /// blocked and every signal at its default, whatever this process has.
    static func run(_ program: String, arguments: [String], environment: [String: String],
                    timeout: Double) throws(StartError) -> Finished {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard openPipe(&outputPipe) else { throw StartError(reason: "no pipe: \(errorText())") }
        guard openPipe(&errorPipe) else {
            outputPipe.forEach { close($0) }
            throw StartError(reason: "no pipe: \(errorText())")
        }
        let pid: pid_t
        do {
            pid = try spawn(program, arguments: arguments, environment: environment,
                            output: outputPipe[1], errors: errorPipe[1])
        } catch {
            (outputPipe + errorPipe).forEach { close($0) }
            throw error
        }
        close(outputPipe[1])
        close(errorPipe[1])
        let (output, errors, timedOut) = readToEnd(outputPipe[0], errorPipe[0], killing: pid, after: timeout)
        close(outputPipe[0])
        close(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift cannot import (macros).
        let signal = status & 0x7F
        let ending: Finished.Ending = signal != 0 && signal != 0x7F
            ? .signalled(signal: signal) : .exited(status: (status >> 8) & 0xFF)
        return Finished(ending: ending, output: output, errors: errors, timedOut: timedOut)
    }

    private static func spawn(_ program: String, arguments: [String], environment: [String: String],
                              output: Int32, errors: Int32) throws(StartError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { throw StartError(reason: String(cString: strerror(result))) }
        return pid
    }

    /// Reads both pipes until both end, so a child with a lot to say on one
    /// never blocks on a full pipe; kills `pid` once `timeout` has passed.
    private static func readToEnd(_ output: Int32, _ errors: Int32, killing pid: pid_t,
                                  after timeout: Double) -> ([UInt8], [UInt8], Bool) {
        var collected: [[UInt8]] = [[], []]
        var open = [output, errors]
        let deadline = monotonicSeconds() + timeout
        var timedOut = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open.contains(where: { $0 >= 0 }) {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let left = deadline - monotonicSeconds()
            if left <= 0 && !timedOut {
                kill(pid, SIGKILL)
                timedOut = true
            }
            // After the kill the pipes end as soon as the child is gone, unless
            // something it started holds them: that gets a second, no more.
            let wait = timedOut ? 1000 : Int32(min(left * 1000, Double(Int32.max)).rounded(.up))
            let ready = poll(&watched, nfds_t(watched.count), wait)
            if ready == 0 && timedOut { break }
            if ready < 0 && errno != EINTR {
                // Its output can no longer be read: it is stopped, not waited for forever.
                kill(pid, SIGKILL)
                break
            }
            for index in open.indices where open[index] >= 0 && watched[index].revents != 0 {
                let count = read(open[index], &chunk, chunk.count)
                if count > 0 {
                    collected[index] += chunk[..<count]
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    open[index] = -1
                }
            }
        }
        return (collected[0], collected[1], timedOut)
    }

    /// A pipe whose ends other children do not inherit (only this child, through dup2).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
