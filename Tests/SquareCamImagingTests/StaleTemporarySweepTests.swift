import Foundation
import Testing
@testable import SquareCamImaging

/// The sweep that removes temporary files an interrupted save left behind.
@Suite struct StaleTemporarySweepTests {
    /// glibc packs directory entries into opendir's heap buffer, each only
    /// `d_reclen` bytes long (a 13-letter name takes 40 bytes), not the 280
    /// of a whole `dirent` with its `d_name[256]`. Reading a name as the
    /// whole array reads up to ~250 bytes past the entry, and for the last
    /// entry of a full buffer past the buffer's end: a SIGSEGV when that end
    /// is a page end. These folders fill the buffer many times over,
    /// with names of every length (so buffers end after short and long
    /// entries, and some exactly at their end). In a plain build this checks
    /// every name is read whole; under AddressSanitizer (`make
    /// test-sanitizers`) any read past an entry's buffer is reported.
    @Test(arguments: [NameLengths.short, .everyLength, .uniform32ByteEntries])
    func sweepReadsEveryNameWithinItsEntry(_ lengths: NameLengths) throws {
        // Directory entries are laid out by the kernel the same on every file system.
        let folder = try ScratchFolder("sweep-\(lengths)", inMemory: true)
        var stale: Set<String> = []
        var kept: Set<String> = []
        for (index, length) in lengths.lengths.enumerated() {
            // Every seventh name long enough for one is a temporary file's.
            if index % 7 == 0, Self.temporaryNameLengths.contains(length) {
                let temporary = Self.temporaryName(index: index, length: length)
                try Self.create(folder.file(temporary), modified: -3600)
                stale.insert(temporary)
            } else if let name = Self.name(index: index, length: length) {
                try Self.create(folder.file(name), modified: 0)
                kept.insert(name)
            }
        }

        let removed = AtomicFileWriter.removeStaleTemporaryFiles(inFolder: folder.path)

        #expect(removed == stale.count)
        #expect(Set(folder.entries()) == kept)
    }

    /// The sweep reads the whole folder, so a library does it on its first
    /// save into a folder in a process only; later saves leave a temporary
    /// file alone, whatever its age.
    @Test func aLibrarySweepsAFolderOnItsFirstSaveOnly() throws {
        let folder = try ScratchFolder()
        let library = PhotoLibrary(folder: folder.path)
        let first = Self.temporaryName(index: 1, length: 30)
        let second = Self.temporaryName(index: 2, length: 30)
        try Self.create(folder.file(first), modified: -3600)

        _ = try library.save(Array("one".utf8)) { "one-\($0).jpg" }
        #expect(folder.entries() == ["one-1.jpg"])

        try Self.create(folder.file(second), modified: -3600)
        _ = try PhotoLibrary(folder: folder.path).save(Array("two".utf8)) { "two-\($0).jpg" }
        #expect(folder.entries() == [second, "one-1.jpg", "two-1.jpg"].sorted())
    }

    /// Saves that start together into a folder not yet swept: one sweeps,
    /// none waits for it or fails.
    @Test func concurrentFirstSavesSweepOnceAndAllSave() async throws {
        let folder = try ScratchFolder()
        let stale = Self.temporaryName(index: 3, length: 30)
        try Self.create(folder.file(stale), modified: -3600)
        let path = folder.path
        let saved = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<16 {
                group.addTask { try PhotoLibrary(folder: path).save(Array("photo".utf8)) { "p\(index)-\($0).jpg" } }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(saved).count == 16)
        #expect(folder.entries() == (0..<16).map { "p\($0)-1.jpg" }.sorted())
    }

    /// A name of exactly `length` bytes, unique by `index` (the padding is
    /// no digit); nil when `index` needs more digits than that.
    static func name(index: Int, length: Int) -> String? {
        let digits = String(index, radix: 36)
        guard digits.count <= length else { return nil }
        return digits.padding(toLength: length, withPad: "_", startingAt: 0)
    }

    /// Temporary files' names with at least four characters between prefix and suffix.
    static let temporaryNameLengths = (AtomicFileWriter.temporaryPrefix.count + AtomicFileWriter.temporarySuffix.count + 4)...255

    /// A temporary file's name of exactly `length` bytes, unique by `index`.
    static func temporaryName(index: Int, length: Int) -> String {
        let fixed = AtomicFileWriter.temporaryPrefix.count + AtomicFileWriter.temporarySuffix.count
        let token = String(index, radix: 36).padding(toLength: length - fixed, withPad: "_", startingAt: 0)
        return AtomicFileWriter.temporaryPrefix + token + AtomicFileWriter.temporarySuffix
    }

    /// Creates an empty file last modified `seconds` from now.
    /// An empty file, modified `seconds` from now (0: now). Plain calls:
    /// the folders hold thousands, and FileManager's took seconds of them.
    static func create(_ path: String, modified seconds: TimeInterval) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(file) }
        guard seconds != 0 else { return }
        let when = timespec(tv_sec: time(nil) + Int(seconds), tv_nsec: 0)
        let times = [when, when]
        guard futimens(file, times) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// The name lengths of one folder's files.
    enum NameLengths: CustomStringConvertible, Sendable {
        /// 3,000 names of 4 to 33 bytes, like a camera folder's (entries of 24 to 56 bytes).
        case short
        /// 2,550 names, ten of every length from 1 to 255 bytes (a few of
        /// the shortest are left out: too few names that short).
        case everyLength
        /// 3,000 names whose entries all take 32 bytes (5 to 12 bytes long):
        /// 1,024 of them fill a 32 KiB buffer to its last byte.
        case uniform32ByteEntries

        var lengths: [Int] {
            switch self {
            case .short: (0..<3000).map { 4 + $0 % 30 }
            case .everyLength: (0..<2550).map { 1 + ($0 * 37) % 255 }
            case .uniform32ByteEntries: (0..<3000).map { 5 + $0 % 8 }
            }
        }

        var description: String {
            switch self {
            case .short: "short"
            case .everyLength: "everyLength"
            case .uniform32ByteEntries: "uniform32ByteEntries"
            }
        }
    }
}
