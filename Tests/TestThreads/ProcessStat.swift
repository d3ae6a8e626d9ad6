import Foundation

/// A process's line in `/proc/PID/stat`, read from after its command's
/// closing parenthesis (a command may hold spaces and parentheses itself).
public struct ProcessStat {
    /// Fields 3 onward: `fields[0]` is the state, `fields[7]` the minor faults.
    private let fields: [Substring]

    /// Nil when the process is gone or the line cannot be read.
    public init?(pid: Int32) {
        guard let line = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = line.range(of: ") ", options: .backwards)
        else { return nil }
        fields = line[close.upperBound...].split(separator: " ")
        guard fields.count > 7 else { return nil }
    }

    /// True for a process that has ended and not been waited for (state Z).
    public var isZombie: Bool { fields[0] == "Z" }

    /// Page faults served without reading a file, since the process started.
    public var minorFaults: Int? { Int(fields[7]) }
}
