#if canImport(Glibc)
import Glibc
#endif

/// When the user's command started: the `squarecam` launcher
/// (Sources/squarecam/main.c) records it in the environment before it becomes
/// squarecam-gst or squarecam-app, so launch timings include its hop.
package enum LaunchTime {
    static let environmentKey = "SQUARECAM_LAUNCHED_AT_NS"

    /// The launch time the launcher recorded, if any (and removes it, so
    /// programs this one starts do not inherit it).
    package static func fromEnvironment() -> ContinuousClock.Instant? {
        guard let text = getenv(environmentKey).map({ String(cString: $0) }) else { return nil }
        unsetenv(environmentKey)
        guard let launched = Int64(text) else { return nil }
        let elapsed = bootClockNanoseconds() - launched
        guard elapsed >= 0 else { return nil }
        return ContinuousClock.now - .nanoseconds(elapsed)
    }

    /// CLOCK_BOOTTIME: the same in both processes, unaffected by clock changes.
    private static func bootClockNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
