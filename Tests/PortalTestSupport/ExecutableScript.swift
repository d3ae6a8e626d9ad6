import Foundation
import TestThreads

/// Stand-in programs the tests write and then run (a camera-list helper, a
/// sound player). (Here, beside the portal session, because this is the
/// support target every test target shares.)
public enum ExecutableScript {
    /// Writes `text` (starting with its #! line) to a new file at `path`,
    /// executable. Written by `sh` in a process of its own, never through a
    /// descriptor of this one: tests run side by side, and a program another
    /// test starts in that moment would inherit the file open for writing
    /// (close-on-exec only closes it at that program's exec), and running the
    /// script then fails with ETXTBSY (seen with O_CLOEXEC under make test-fast).
    public static func write(_ text: String, to path: String) throws {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "set -o noclobber; cat > \"$0\" && chmod 755 \"$0\"", path]
        let input = Pipe()
        writer.standardInput = input
        try writer.run()
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
        guard writer.waitForExitStatus() == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }
}
