import SquareCamCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, written with write(2) so nothing sits in a
/// buffer when the process exits, and whether they are terminals.
package enum Console {
    package static func out(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes `bytes` (a photo) to standard output; the errno when that failed, else nil.
    package static func outBytes(_ bytes: [UInt8]) -> Int32? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            rest = rest.dropFirst(written)
        }
        return nil
    }

    package static func error(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    /// Prints "squarecam: MESSAGE" on standard error.
    package static func report(_ message: String) {
        error(CommandReport.prefix + message + "\n")
    }

    /// `path` as it may be printed on one line: control characters (a
    /// newline in a file name would split a report line in two) and
    /// backslashes written as escapes, as `ls` does for a terminal.
    package static func printable(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    package static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a closed pipe: nothing more to do
            bytes = bytes.dropFirst(written)
        }
    }
}
