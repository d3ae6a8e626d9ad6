import Foundation
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads
@testable import SquareCamCapture

/// The recording's file: what a crash leaves, its repair at any cut, and
/// that nothing sweeps an interrupted recording away.
@Suite(.ownThreads) struct RecordingFileTests {
    /// A folder for one test, removed afterwards.
    final class Folder {
        let path = NSTemporaryDirectory() + "squarecam-recording-" + UUID().uuidString.prefix(8)
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// Records the 320×240 test camera and the test tone for `seconds` into
    /// a new recording file; stops the camera without ending the recording
    /// when `finishing` is false, as a crash would: the muxer never writes
    /// its sizes, duration or index.
    /// Returns the file and how long the camera ran (a busy test run can
    /// wake the sleep late).
    private func record(into folder: String, seconds: Double, finishing: Bool) async throws -> (RecordingFile, Double) {
        let file = try RecordingFile.create(.folder(folder))
        let camera = try GStreamerCamera(
            description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30),
            configuration: CameraConfiguration(purpose: .recording, recording: RecordingSettings(
                microphone: .testTone, fileDescriptor: file.descriptor)))
        // The sound starts with the pipeline, before start() has seen the first frame.
        let started = ContinuousClock.now
        try await camera.start()
        try await Task.sleep(for: .seconds(seconds))
        if finishing { #expect(await camera.endRecording()) }
        let ran = started.duration(to: .now)
        await camera.stop()
        return (file, ran.inSeconds)
    }

    @Test func aRecordingCutOffIsRepairedInPlaceAndGetsItsName() async throws {
        let folder = try Folder()
        let (file, ran) = try await record(into: folder.path, seconds: 2, finishing: false)
        let before = try WebMLayout.read(path: file.partialPath)
        #expect(before.isUnfinished)
        #expect(!before.segmentSizeIsTrue && before.lastCluster?.sizeIsTrue == false && before.unfinishedSeekHead != nil)

        let finished = try file.finish()
        #expect(finished.wasRepaired)
        #expect(finished.path.hasPrefix(folder.path + "/SquareCam_") && finished.path.hasSuffix(".webm"))
        #expect(folder.entries == [URL(fileURLWithPath: finished.path).lastPathComponent], "the hidden file became the visible one")
        let after = try WebMLayout.read(path: finished.path)
        #expect(!after.isUnfinished)
        #expect((after.declaredDuration ?? 0) > 1500, "duration in ms: \(after.declaredDuration ?? 0)")
        #expect(after.pictureSize == PixelSize(width: 240, height: 240))
        // Every whole block the muxer wrote is kept (what it had not written
        // yet when the camera stopped is lost, as in a crash).
        #expect(finished.videoFrames == before.videoBlocks && finished.audioBlocks == before.audioBlocks)
        #expect(finished.videoFrames > 10)
        #expect(finished.seconds <= ran + 0.1, "\(finished.seconds) s of \(ran) s: ticks \(after.firstBlockTicks ?? -1) to \(after.lastBlockTicks)")
        #expect(finished.audioBlocks > 50)
    }

    /// Cut anywhere (a power cut loses the tail at any byte), the file
    /// repairs to a whole one holding every block before the cut, or holds
    /// no block and is called empty.
    @Test func everyCutOfARecordingRepairsToAWholeFile() async throws {
        let folder = try Folder()
        let (file, _) = try await record(into: folder.path, seconds: 2, finishing: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.partialPath))
        var previousBlocks = 0
        var empties = 0
        let cuts = stride(from: 40, to: bytes.count, by: max(1, bytes.count / 61)).map { $0 } + [bytes.count]
        for cut in cuts {
            let path = folder.path + "/cut.webm"
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: path))
            let descriptor = open(path, O_RDWR)
            defer { close(descriptor) }
            do {
                let (repaired, _) = try WebMRepair.repair(descriptor: descriptor, path: path)
                #expect(!repaired.isUnfinished, "cut at \(cut)")
                #expect(repaired.wholeEnd == repaired.fileSize, "cut at \(cut)")
                let blocks = repaired.videoBlocks + repaired.audioBlocks
                #expect(blocks >= previousBlocks, "cut at \(cut): \(blocks) blocks, \(previousBlocks) at a shorter cut")
                previousBlocks = blocks
                // A second repair finds nothing left to do.
                #expect(try WebMRepair.repair(descriptor: descriptor, path: path).repaired == false)
            } catch .empty {
                #expect(previousBlocks == 0, "cut at \(cut) is empty after a shorter cut had blocks")
                empties += 1
            } catch {
                Issue.record("cut at \(cut) of \(bytes.count): \(error)")
            }
        }
        #expect(empties < cuts.count / 4)
        #expect(previousBlocks > 100)
    }

    @Test func aFinishedRecordingIsLeftAsTheMuxerWroteIt() async throws {
        let folder = try Folder()
        let (file, _) = try await record(into: folder.path, seconds: 1, finishing: true)
        let written = try Data(contentsOf: URL(fileURLWithPath: file.partialPath))
        let finished = try file.finish()
        #expect(!finished.wasRepaired)
        #expect(try Data(contentsOf: URL(fileURLWithPath: finished.path)) == written)
        #expect(try WebMLayout.read(path: finished.path).hasCues, "the muxer's index is there")
    }

    @Test func thePhotoSweepNeverRemovesAnInterruptedRecording() throws {
        let folder = try Folder()
        let partial = try RecordingFile.create(.folder(folder.path)).partialPath  // closed again: as after a crash
        let anHourAgo = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: partial)
        #expect(AtomicFileWriter.removeStaleTemporaryFiles(inFolder: folder.path, olderThan: 0) == 0)
        _ = try PhotoLibrary(folder: folder.path).save(Array("photo".utf8)) { "p\($0).jpg" }
        #expect(FileManager.default.fileExists(atPath: partial))
        #expect(RecordingFile.partialRecordings(inFolder: folder.path) == [partial])
    }

    @Test func recoveryLeavesARecordingBeingWrittenAloneAndKeepsWhatItCannotRead() throws {
        let folder = try Folder()
        let writing = try RecordingFile.create(.folder(folder.path))
        #expect(RecordingFile.recover(writing.partialPath) == .stillRecording)

        let junk = try RecordingFile.create(.file(folder.path + "/junk.webm", replaceExisting: false)).partialPath
        try Data("not a recording".utf8).write(to: URL(fileURLWithPath: junk))
        guard case .failed = RecordingFile.recover(junk) else {
            Issue.record("a file that is not WebM was not refused")
            return
        }
        #expect(FileManager.default.fileExists(atPath: junk), "kept for the user to look at")

        let empty = try RecordingFile.create(.folder(folder.path)).partialPath
        #expect(RecordingFile.recover(empty) == .empty)
        #expect(!FileManager.default.fileExists(atPath: empty))
    }

    @Test func aRecoveredRecordingIsNamedAfterTheOneItWouldHaveBeen() {
        #expect(RecordingFile.recoveredStem(ofPartialName: ".SquareCam_20261203_080102.webm.k3j2h.recording") == "SquareCam_20261203_080102")
        #expect(RecordingFile.recoveredStem(ofPartialName: ".my.clip.webm.a1.recording") == "my.clip")
        #expect(RecordingFile.recoveredStem(ofPartialName: "..x.recording") == "SquareCam")
    }
}

extension WebMLayout {
    /// The layout of the WebM file at `path`, for the recording tests.
    static func read(path: String) throws -> WebMLayout {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var status = stat()
        fstat(descriptor, &status)
        return try #require(WebMLayout.read(FileWindow(descriptor: descriptor, size: Int(status.st_size))))
    }
}
