import Foundation
import Testing
@testable import SquareCamImaging
import SquareCamCore

@Suite struct AtomicFileWriterTests {
    let photo: [UInt8] = Array("a complete photo".utf8)

    @Test func writesTheWholeFileAndLeavesNothingElse() throws {
        let folder = try ScratchFolder()
        try AtomicFileWriter.write(photo, toPath: folder.file("a.jpg"))
        #expect(folder.read("a.jpg") == photo)
        #expect(folder.entries() == ["a.jpg"])
    }

    @Test func neverReplacesAnExistingFileUnlessAsked() throws {
        let folder = try ScratchFolder()
        try folder.write("a.jpg", "old")
        #expect(throws: PhotoWriteError.alreadyExists(path: folder.file("a.jpg"))) {
            try AtomicFileWriter.write(photo, toPath: folder.file("a.jpg"))
        }
        #expect(folder.read("a.jpg") == Array("old".utf8))
        #expect(folder.entries() == ["a.jpg"])

        try AtomicFileWriter.write(photo, toPath: folder.file("a.jpg"), replaceExisting: true)
        #expect(folder.read("a.jpg") == photo)
        #expect(folder.entries() == ["a.jpg"])
    }

    @Test func neverWritesThroughASymlinkAtTheFinalName() throws {
        let folder = try ScratchFolder()
        try folder.write("target.txt", "precious")
        try FileManager.default.createSymbolicLink(atPath: folder.file("a.jpg"), withDestinationPath: folder.file("target.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling.jpg"), withDestinationPath: folder.file("nowhere.txt"))

        #expect(throws: PhotoWriteError.self) { try AtomicFileWriter.write(photo, toPath: folder.file("a.jpg")) }
        #expect(throws: PhotoWriteError.self) { try AtomicFileWriter.write(photo, toPath: folder.file("dangling.jpg")) }
        #expect(folder.read("target.txt") == Array("precious".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.txt")))
        #expect(folder.entries() == ["a.jpg", "dangling.jpg", "target.txt"])
    }

    @Test func missingFolderIsATypedError() throws {
        let folder = try ScratchFolder()
        let missing = folder.file("not-here")
        #expect(throws: PhotoWriteError.folderMissing(path: missing)) {
            try AtomicFileWriter.write(photo, toPath: missing + "/a.jpg")
        }
        #expect(folder.entries().isEmpty)
    }

    @Test(.enabled(if: ScratchFolder.canMount, "needs root to mount a read-only tmpfs"))
    func readOnlyDiskIsATypedErrorAndLeavesNothing() throws {
        let folder = try ScratchFolder()
        try folder.mountTmpfs(readOnly: true)
        #expect(throws: PhotoWriteError.readOnly(path: folder.path)) {
            try AtomicFileWriter.write(photo, toPath: folder.file("a.jpg"))
        }
        #expect(folder.entries().isEmpty)
        #expect(String(describing: PhotoWriteError.readOnly(path: folder.path)).contains("read-only"))
    }

    @Test(.enabled(if: ScratchFolder.canMount, "needs root to mount a small tmpfs"))
    func fullDiskIsATypedErrorAndLeavesNothing() throws {
        let folder = try ScratchFolder()
        try folder.mountTmpfs(bytes: 64 * 1024)
        let big = [UInt8](repeating: 0xAB, count: 256 * 1024)
        #expect(throws: PhotoWriteError.diskFull(path: folder.file("big.jpg"))) {
            try AtomicFileWriter.write(big, toPath: folder.file("big.jpg"))
        }
        #expect(folder.entries().isEmpty)
        // The space is given back: a small photo still fits afterwards. Once
        // no program holds the removed file: one this process started at that
        // moment holds a copy of its descriptor until it runs (microseconds, or
        // milliseconds on a loaded machine).
        let deadline = Date().addingTimeInterval(5)
        while folder.freeBytes < photo.count && Date() < deadline { usleep(10_000) }
        try AtomicFileWriter.write(photo, toPath: folder.file("small.jpg"))
        #expect(folder.entries() == ["small.jpg"])
    }

    @Test func uniqueNamesCountUpAndNeverReplace() throws {
        let folder = try ScratchFolder()
        try folder.write("p.jpg", "first")
        let name = { (attempt: Int) in attempt == 1 ? "p.jpg" : "p-\(attempt).jpg" }
        let second = try AtomicFileWriter.writeUnique(photo, inFolder: folder.path, candidate: name)
        let third = try AtomicFileWriter.writeUnique(photo, inFolder: folder.path, candidate: name)
        #expect(second == folder.file("p-2.jpg"))
        #expect(third == folder.file("p-3.jpg"))
        #expect(folder.read("p.jpg") == Array("first".utf8))
        #expect(folder.entries() == ["p-2.jpg", "p-3.jpg", "p.jpg"])
    }

    @Test func staleTemporaryFilesAreRemovedButFreshOnesAndPhotosKept() throws {
        let folder = try ScratchFolder()
        let stale = AtomicFileWriter.temporaryPrefix + "old" + AtomicFileWriter.temporarySuffix
        let fresh = AtomicFileWriter.temporaryPrefix + "new" + AtomicFileWriter.temporarySuffix
        try folder.write(stale, "half a photo")
        try folder.write(fresh, "being written")
        try folder.write("photo.jpg", "keep")
        let anHourAgo = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: folder.file(stale))
        try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: folder.file("photo.jpg"))

        #expect(AtomicFileWriter.removeStaleTemporaryFiles(inFolder: folder.path) == 1)
        #expect(folder.entries() == [fresh, "photo.jpg"].sorted())
    }

    @Test func concurrentWritersNeverShareAName() async throws {
        let folder = try ScratchFolder()
        let path = folder.path
        let photo = self.photo
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try AtomicFileWriter.writeUnique(photo, inFolder: path) { "same-\($0).jpg" }
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(paths).count == 40)
        #expect(folder.entries().count == 40)
    }
}
