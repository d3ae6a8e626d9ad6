import SquareCamCommandLine
import SquareCamCore
import Synchronization

/// A one-line progress bar for standard error: done/total, rate and time left.
/// Drawn only when standard error is a terminal (never into a log or a pipe).
final class ProgressBar: Sendable {
    private struct State {
        var done = 0
        var drawn = false
    }

    let total: Int
    private let start = ContinuousClock.now
    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void

    /// A bar for `total` items, or nil when it must not be drawn.
    init?(total: Int, enabled: Bool, write: @escaping @Sendable (String) -> Void = { Console.error($0) }) {
        guard enabled, total > 0 else { return nil }
        self.total = total
        self.write = write
    }

    /// Whether a bar belongs on standard error: a terminal, and not `--quiet`.
    static func shouldShow(errorIsTerminal: Bool, quiet: Bool) -> Bool {
        errorIsTerminal && !quiet
    }

    /// Records progress and redraws.
    func update(done: Int) {
        state.withLock { state in
            state.done = done
            state.drawn = true
            write("\r" + Self.line(done: done, total: total, seconds: elapsedSeconds()) + "\u{1B}[K")
        }
    }

    /// Prints `text` (ending in a newline) above the bar, then redraws the bar.
    func printAbove(_ text: String, using print: (String) -> Void) {
        state.withLock { state in
            if state.drawn { write("\r\u{1B}[K") }
            print(text)
            if state.drawn { write(Self.line(done: state.done, total: total, seconds: elapsedSeconds()) + "\u{1B}[K") }
        }
    }

    /// Removes the bar so the summary starts on a clean line.
    func finish() {
        state.withLock { state in
            if state.drawn { write("\r\u{1B}[K") }
            state.drawn = false
        }
    }

    private func elapsedSeconds() -> Double {
        (ContinuousClock.now - start).inSeconds
    }

    /// "[#########-----------]  12/50   8.1 files/s  ETA 5s"
    static func line(done: Int, total: Int, seconds: Double, width: Int = 24) -> String {
        let filled = total > 0 ? min(width, done * width / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let rateText = rate >= 10 ? String(Int(rate.rounded())) : String(Double(Int(rate * 10)) / 10)
        var text = "[\(bar)] \(done)/\(total)  \(rateText) files/s"
        if rate > 0, done < total {
            text += "  ETA " + duration(Double(total - done) / rate)
        }
        return text
    }

    /// "42s", "3m05s", "1h02m".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)s" }
        return "\(whole / 3600)h" + ((whole % 3600) / 60 < 10 ? "0" : "") + "\((whole % 3600) / 60)m"
    }
}
