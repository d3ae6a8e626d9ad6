import Foundation
import Synchronization

/// What the app wrote to its log file (stdout and stderr), read as it grows:
/// each look reads only the bytes added since the last, so a test can look
/// every few milliseconds without rereading a log of thousands of frames.
final class AppOutput: Sendable {
    private struct Seen {
        var handle: FileHandle?
        /// The whole lines so far.
        var lines = ""
        var traceLines: [String] = []
        /// The bytes after the last newline: part of a line, perhaps part of a character.
        var rest = Data()
    }

    private let file: URL
    private let seen = Mutex(Seen())

    init(file: URL) {
        self.file = file
    }

    /// Everything written so far.
    var text: String {
        seen.withLock { seen in
            read(into: &seen)
            return seen.lines + String(decoding: seen.rest, as: UTF8.self)
        }
    }

    /// The trace lines ("squarecam-trace: …") written so far, whole lines only.
    var traceLines: [String] {
        seen.withLock { seen in
            read(into: &seen)
            return seen.traceLines
        }
    }

    private func read(into seen: inout Seen) {
        if seen.handle == nil { seen.handle = try? FileHandle(forReadingFrom: file) }
        guard let handle = seen.handle, let data = try? handle.readToEnd(), !data.isEmpty else { return }
        seen.rest += data
        guard let lastNewline = seen.rest.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let whole = String(decoding: seen.rest[...lastNewline], as: UTF8.self)
        seen.rest = Data(seen.rest[(lastNewline + 1)...])
        seen.lines += whole
        seen.traceLines += whole.split(separator: "\n").filter { $0.contains("squarecam-trace:") }.map(String.init)
    }

    deinit {
        seen.withLock { try? $0.handle?.close() }
    }
}
