import Foundation
import TestThreads

/// A fresh folder for one test, removed (and unmounted) when the test ends.
final class ScratchFolder {
    let path: String
    private var mounted = false

    /// `inMemory`: on /dev/shm (a tmpfs) where there is one, for tests that
    /// make thousands of files (an empty file took 0.2 ms on this disk, 8 µs there).
    init(_ label: String = #function, inMemory: Bool = false) throws {
        let memory = "/dev/shm"
        let root = inMemory && FileManager.default.isWritableFile(atPath: memory) ? memory : FileManager.default.temporaryDirectory.path
        let base = root + "/squarecam-tests"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let name = label.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8)
        path = base + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if mounted { _ = Self.run("/bin/umount", ["-l", path]) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Whether this process can mount file systems (root here and in CI).
    static var canMount: Bool { geteuid() == 0 }

    /// Mounts a tmpfs here: read-only, or writable with `bytes` of space.
    /// Root ignores file permissions, so a real mount is the honest way to
    /// get a read-only or full disk.
    func mountTmpfs(readOnly: Bool = false, bytes: Int = 1 << 20) throws {
        let options = (readOnly ? "ro," : "") + "size=\(bytes)"
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", path]) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        mounted = true
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) }
    }

    /// The bytes the folder's file system has free.
    var freeBytes: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return 0 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Every entry, hidden ones included, sorted.
    func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        return process.waitForExitStatus()
    }
}
