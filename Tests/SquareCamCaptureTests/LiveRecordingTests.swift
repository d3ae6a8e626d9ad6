import Foundation
import SquareCamCore
import Synchronization
import Testing
@testable import SquareCamCapture

/// Recordings begun and ended on a camera that streams on, as the app's
/// viewfinder does: the branch joins the running pipeline and leaves it.
@Suite struct LiveRecordingTests {
    @Test func aRecordingJoinsTheRunningViewfinderAndLeavesItStreaming() async throws {
        let folder = NSTemporaryDirectory() + "squarecam-live-recording-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30))
        let shown = Atomic<Int>(0)
        camera.setViewfinder(side: 64, mirrored: false) { _ in shown.add(1, ordering: .relaxed) }
        try await camera.start()
        defer { Task { await camera.stop() } }
        // The pipeline has streamed for a while: the file must still start at 0 s.
        try await Task.sleep(for: .seconds(1))

        for round in 1...2 {
            let file = try RecordingFile.create(.folder(folder))
            try camera.startRecording(RecordingSettings(microphone: .testTone, fileDescriptor: file.descriptor))
            let started = ContinuousClock.now
            #expect(throws: RecordingFailure.self) { try camera.startRecording(RecordingSettings(fileDescriptor: file.descriptor)) }
            // At least 1.5 s and 30 frames encoded (under AddressSanitizer
            // 1.5 s gave 18: the encoder behind, the queue dropping).
            try await Task.sleep(for: .seconds(1.5))
            let enough = ContinuousClock.now + .seconds(30)
            while (camera.recordingStatistics?.framesEncoded ?? 0) < 30, ContinuousClock.now < enough {
                try await Task.sleep(for: .milliseconds(50))
            }
            // Up to the moment the end is asked for: the muxer's finishing
            // (and hearing of it) may take a while on a starved machine.
            let ran = started.duration(to: .now).inSeconds
            #expect(await camera.endRecording(), "round \(round): the muxer did not finish")

            // The viewfinder never stopped, and streams on after the end.
            let before = shown.load(ordering: .relaxed)
            try await Task.sleep(for: .seconds(0.5))
            #expect(shown.load(ordering: .relaxed) - before >= 5, "round \(round): the viewfinder stopped")
            #expect(camera.isLive)

            let sealed = try file.seal()
            #expect(!sealed.wasRepaired, "round \(round): the file was not finished by its muxer")
            let hidden = try WebMLayout.read(path: file.partialPath)
            #expect(hidden.pictureSize == PixelSize(width: 240, height: 240))
            #expect(hidden.firstBlockTicks.map { $0 < 100 } == true, "round \(round): starts at \(String(describing: hidden.firstBlockTicks)) ms")
            // Nothing is cut from the end. (The span can be longer than the
            // wall time on a starved machine: the test pattern's frames then
            // carry times behind the clock, the tone's do not.)
            #expect(sealed.seconds > ran - 0.4, "round \(round): \(sealed.seconds) s recorded in \(ran) s")
            #expect(hidden.videoBlocks >= 20 && hidden.audioBlocks > 0, "\(hidden.videoBlocks) frames, \(hidden.audioBlocks) sound blocks")
            // Every frame encoded is in the file (the leaky queue may drop some when the machine is starved).
            let statistics = try #require(camera.recordingStatistics)
            #expect(statistics.framesEncoded == hidden.videoBlocks, "\(statistics)")

            if round == 1 {
                let finished = try file.publish(sealed)
                #expect(FileManager.default.fileExists(atPath: finished.path) && !FileManager.default.fileExists(atPath: file.partialPath))
            } else {
                file.discard()
                #expect(!FileManager.default.fileExists(atPath: file.partialPath))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1, "Retake's recording left a file")
    }

    /// Zoomed in, the recording is the square the viewfinder shows, not the centre's whole height.
    @Test func aRecordingRecordsTheZoomedSquareShown() async throws {
        let folder = NSTemporaryDirectory() + "squarecam-live-recording-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30))
        let framing = LiveFraming(SquareFraming(zoom: 2))
        framing.pan(bySquareSides: Point2D(x: -5, y: -5))
        camera.setFraming(framing)
        camera.setViewfinder(side: 64, mirrored: false) { _ in }
        try await camera.start()
        defer { Task { await camera.stop() } }
        let shownBy = ContinuousClock.now + .seconds(10)
        while framing.shownFrameSize == nil, ContinuousClock.now < shownBy { try await Task.sleep(for: .milliseconds(20)) }
        framing.pan(bySquareSides: Point2D(x: -5, y: -5))
        try await Task.sleep(for: .milliseconds(200))
        #expect(framing.shownSquare(in: PixelSize(width: 320, height: 240)) == PixelRect(x: 0, y: 0, width: 120, height: 120))
        framing.hold(true)
        let file = try RecordingFile.create(.folder(folder))
        try camera.startRecording(RecordingSettings(fileDescriptor: file.descriptor))
        try await Task.sleep(for: .seconds(1))
        #expect(await camera.endRecording())
        _ = try file.seal()
        #expect(try WebMLayout.read(path: file.partialPath).pictureSize == PixelSize(width: 120, height: 120))
        file.discard()
    }

    @Test func aCameraThatIsNotStreamingCannotRecord() throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 320, height: 240), framesPerSecond: 30))
        #expect(throws: RecordingFailure.self) { try camera.startRecording(RecordingSettings(fileDescriptor: 1)) }
    }
}
