#if canImport(Glibc)
import Glibc
#endif

/// How many cores other programs leave idle right now: the kernel's count of
/// runnable threads (the fourth field of /proc/loadavg, "running/total"),
/// less this process's own (state R in /proc/self/task/*/stat).
///
/// A second decoding thread pays only on an idle core: on a machine kept busy
/// by other programs it fought them for the same cores, and one file took
/// longer with two threads than with one (benchmarks/crop.sh, section loaded).
enum IdleCores {
    /// `cores` less the threads of other programs that are runnable now; nil
    /// where /proc cannot be read (then nothing is known). The fewest of five
    /// looks 0.1 ms apart: a program that keeps a core busy is in each, a
    /// thread that just woke (ours starting, a shell) is not.
    static func now(cores: Int) -> Int? {
        var fewest: Int?
        for look in 0..<5 {
            if look > 0 { usleep(100) }
            guard let loadAverage = readSmallTextFile("/proc/loadavg"), let running = runnable(inLoadAverage: loadAverage) else { return nil }
            fewest = min(fewest ?? .max, max(0, running - ownRunnableThreads()))
        }
        return fewest.map { cores - $0 }
    }

    /// "0.52 0.61 0.70 2/431 12345" → 2.
    static func runnable(inLoadAverage text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count >= 4, let slash = fields[3].firstIndex(of: "/") else { return nil }
        return Int(fields[3][..<slash])
    }

    /// "123 (name with) spaces) R 1 …" → true: the state follows the last ")".
    static func isRunnable(taskStat text: String) -> Bool {
        guard let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(after: close)...].dropFirst().first == "R"
    }

    /// This process's threads that are runnable (the caller's own among them).
    private static func ownRunnableThreads() -> Int {
        guard let folder = opendir("/proc/self/task") else { return 1 }
        defer { closedir(folder) }
        var count = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.first?.isNumber == true, let stat = readSmallTextFile("/proc/self/task/\(name)/stat") else { continue }
            if isRunnable(taskStat: stat) { count += 1 }
        }
        return max(count, 1)
    }
}
