import Foundation

/// Stand-in programs the tests write and then run (a camera-list helper, a
/// sound player). (Here, beside the portal session, because this is the
/// support target every test target shares.)
public enum ExecutableScript {
    /// Writes `text` (starting with its #! line) to a new file at `path`,
    /// executable. Through a close-on-exec descriptor: tests run side by side,
    /// and a program another test starts meanwhile must not inherit the file
    /// open for writing, or running it fails with ETXTBSY for as long as that
    /// program lives.
    public static func write(_ text: String, to path: String) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard file >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(file) }
        let bytes = Array(text.utf8)
        guard Foundation.write(file, bytes, bytes.count) == bytes.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
