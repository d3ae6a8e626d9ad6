import Foundation
import SquareCamCore
import Testing
import TestThreads

/// `squarecam record` and `recover`, end to end through the built binary,
/// each file decoded to its end by GStreamer (DecodedRecording). One at a
/// time: two 1080² encoders at once would take both cores.
@Suite(.serialized, .ownThreads) struct RecordCLITests {
    /// Three of the test pattern's bars (SMPTE: white, yellow, cyan, green, magenta, red, blue).
    private static let yellow: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 0)
    private static let green: (red: UInt8, green: UInt8, blue: UInt8) = (0, 255, 0)
    private static let red: (red: UInt8, green: UInt8, blue: UInt8) = (255, 0, 0)

    /// The report `--json` printed.
    private func report(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output) \(result.error)")
    }

    /// The RGB pixel at (x, y).
    private func pixel(_ frame: Frame, _ x: Int, _ y: Int) -> [Int] {
        let plane = frame.planes[0]
        let start = y * plane.stride + x * frame.layout.bytesPerPixel
        return plane.bytes[start..<start + 3].map(Int.init)
    }

    private func isNear(_ colour: [Int], _ expected: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        zip(colour, [Int(expected.red), Int(expected.green), Int(expected.blue)]).allSatisfy { abs($0 - $1) <= 40 }
    }

    @Test func recordsTheTestCameraAndToneAsASquareWebM() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["record", "--camera", "test:1920x1080@30", "--microphone", "test",
                                        "--duration", "3", "--json", "-o", folder.path + "/"], timeout: 60)
        #expect(result.status == 0, "\(result.error)")
        let json = try report(result)
        let path = try #require(json["path"] as? String)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(name.wholeMatch(of: /SquareCam_\d{8}_\d{6}\.webm/) != nil, "\(name)")
        #expect(try folder.entries() == [name], "no hidden file left")
        #expect(json["width"] as? Int == 1080 && json["height"] as? Int == 1080)
        #expect(json["microphone"] as? String == "test")
        // Ended by end-of-stream, not cut off: on a starved machine the end
        // is waited for while the encoder still writes.
        #expect(json["repaired"] as? Bool == false, "\(json)")
        #expect(abs((json["seconds"] as? Double ?? 0) - 3) <= 0.2, "\(json)")

        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        #expect(decoded.videoCaps?.hasPrefix("video/x-vp8") == true, "\(decoded.videoCaps ?? "no video")")
        #expect(decoded.audioCaps?.hasPrefix("audio/x-opus") == true, "\(decoded.audioCaps ?? "no sound")")
        #expect(decoded.width == 1080 && decoded.height == 1080)
        // Every frame the report counts decodes; with the dropped ones they are 3 s at 30 fps.
        let frames = try #require(json["frames"] as? Int)
        let dropped = try #require(json["droppedFrames"] as? Int)
        #expect(decoded.frameTimes.count == frames)
        // --duration is stream time: exactly 3 s of frames from the file's
        // first, however late the end came; each frame of them is in the file
        // or counted dropped (as are any dropped before the first, while the
        // encoder started on a starved machine).
        #expect(frames <= 91 && frames + dropped >= 89, "\(frames) frames, \(dropped) dropped")
        // Picture and sound start and end together: both test sources stamp
        // their buffers from the pipeline's one clock. (That the stamps are
        // right is a different measurement, which needs a picture and a
        // sound that mark the same moment.)
        let firstFrame = try #require(decoded.frameTimes.first), firstSound = try #require(decoded.soundTimes.first)
        let lastFrame = try #require(decoded.frameTimes.last), lastSound = try #require(decoded.soundTimes.last)
        // The picture may start later only by frames the starting encoder
        // dropped (a starved machine: under AddressSanitizer 0.104 s).
        #expect(firstSound - firstFrame <= 0.100 && firstFrame - firstSound <= 0.100 + Double(dropped) / 30,
                "start: picture \(firstFrame) s, sound \(firstSound) s, \(dropped) frames dropped")
        #expect(abs(lastFrame - lastSound) <= 0.100, "end: picture \(lastFrame) s, sound \(lastSound) s")
        #expect(abs(lastFrame - firstFrame - 3) <= 0.2)

        // The test tone (a sine at 0.2 of full scale: 0.14 RMS) is heard.
        let level = try DecodedRecording.soundLevel(of: path, into: folder.path)
        #expect(level > 0.1 && level < 0.2, "sound level \(level)")

        // The centre square of the test pattern: its left edge is in the
        // yellow bar, its middle in the green one.
        let picture = try DecodedRecording.firstFrame(of: path, into: folder.path)
        #expect(picture.size == PixelSize(width: 1080, height: 1080))
        #expect(isNear(pixel(picture, 10, 300), Self.yellow), "\(pixel(picture, 10, 300))")
        #expect(isNear(pixel(picture, 540, 300), Self.green), "\(pixel(picture, 540, 300))")
    }

    /// Sync on content, not only on timestamps: the sync signal's flashes
    /// and beeps, recorded, decoded as a player decodes them and found by
    /// their brightness and loudness (harness/av-sync/measure.py), still
    /// coincide. Half a frame (33 ms at 15 fps) of it is where the flash falls.
    @Test func theSyncSignalsFlashesAndBeepsStayTogether() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/sync.webm"
        // 15 frames a second and 8 s: under the whole suite on two cores a
        // 6 s run at 30 fps once kept only 2 of its 6 flash frames (the
        // recording's queue drops frames the starved encoder cannot take);
        // half the frames, for longer, leave at least three.
        let result = try CLIRunner.run(["record", "-c", "test:320x240@15:sync", "--microphone", "test:sync", "-t", "8",
                                        "--json", "-o", file], timeout: 60)
        #expect(result.status == 0, "\(result.error)")
        let measured = try CLIRunner.run([CLIRunner.packageRoot.appendingPathComponent("harness/av-sync/measure.py").path, file], timeout: 60,
                                         program: "/usr/bin/python3")
        #expect(measured.status == 0, "\(measured.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(measured.output.utf8)) as? [String: Any], "\(measured.output)")
        let flashes: [Double] = try #require(json["flashes"] as? [Double])
        let beeps: [Double] = try #require(json["beeps"] as? [Double])
        let offsets = try #require(json["offsets_ms"] as? [Double])
        // A starved machine may drop a flash's frame (the recording's queue
        // drops what the encoder cannot take; a small picture makes that
        // rare): every flash left must have its beep.
        #expect(flashes.count >= 3 && beeps.count >= flashes.count, "\(json)")
        #expect(offsets.count == flashes.count, "\(json)")
        // The sound may start inside the first beep (seen: 57 ms into it),
        // which moves that beep's onset but is no drift: the marks of the
        // first beep's length (SyncSignal.beepNanoseconds) are not measured.
        let measurable = zip(flashes, offsets).filter { flash, _ in flash >= 0.1 }.map(\.1)
        #expect(measurable.count >= 2 && measurable.allSatisfy { abs($0) <= 40 }, "A/V offsets \(offsets) ms")
        // The flashes are whole seconds apart: the picture's marks are where its clock says.
        for (earlier, later) in zip(flashes, flashes.dropFirst()) {
            let interval: Double = later - earlier
            #expect(interval > 0.5 && abs(interval - interval.rounded()) <= 0.034, "flashes at \(flashes)")
        }
    }

    @Test func withoutAMicrophoneTheFileHasNoSoundAndMirroringIsInTheFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/clip.webm"
        let result = try CLIRunner.run(["record", "-c", "test:1920x1080@30", "--microphone", "none", "--size", "480",
                                        "--mirror", "-t", "1.5", "--json", "-o", file])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty, "\(result.error)")
        let json = try report(result)
        #expect(json["path"] as? String == file)
        #expect(json["microphone"] == nil, "no microphone in the report: \(json)")
        let decoded = try DecodedRecording(file)
        #expect(decoded.audioCaps == nil && decoded.soundTimes.isEmpty)
        #expect(decoded.width == 480 && decoded.height == 480)
        let frames = decoded.frameTimes.count, dropped = json["droppedFrames"] as? Int ?? -1
        #expect(frames == json["frames"] as? Int && frames <= 46 && frames + dropped >= 44, "\(frames) frames, \(dropped) dropped")
        // Mirrored: the left edge shows the square's right edge, in the red bar.
        let picture = try DecodedRecording.firstFrame(of: file, into: folder.path)
        #expect(isNear(pixel(picture, 5, 150), Self.red), "\(pixel(picture, 5, 150))")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aStopSignalEndsTheRecordingAndKeepsIt(signal: Int32) throws {
        let folder = try TemporaryFolder()
        let running = try CLIRunner.start(["record", "-c", "test:640x480@30", "--microphone", "test", "--json", "-o", folder.path])
        try waitForHiddenRecording(in: folder, atLeast: 20_000)
        Thread.sleep(forTimeInterval: 1)
        running.signal(signal)
        let result = running.wait(timeout: 20)
        #expect(result.status == 0, "\(result.error)")
        let path = try #require(try report(result)["path"] as? String)
        #expect(try folder.entries() == [URL(fileURLWithPath: path).lastPathComponent])
        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        #expect((decoded.frameTimes.last ?? 0) >= 1, "\(decoded.frameTimes.last ?? 0) s")
        #expect(!decoded.soundTimes.isEmpty)
    }

    /// kill -9 gives the recorder no chance to finish its file: `recover`
    /// makes it playable up to at most two seconds before the cut.
    @Test func aKilledRecordingIsRecoveredAndPlaysToTheCut() throws {
        let folder = try TemporaryFolder()
        let running = try CLIRunner.start(["record", "-c", "test:640x480@30", "--microphone", "test", "-o", folder.path + "/take.webm"])
        try waitForHiddenRecording(in: folder, atLeast: 20_000)
        let started = Date()
        Thread.sleep(forTimeInterval: 3)
        running.signal(SIGKILL)
        let cut = Date().timeIntervalSince(started)
        #expect(running.wait(timeout: 10).status != 0)
        let hidden = try folder.entries()
        #expect(hidden.count == 1 && hidden[0].hasPrefix(".take.webm.") && hidden[0].hasSuffix(".recording"), "\(hidden)")

        let recovered = try CLIRunner.run(["recover", "--json", folder.path])
        #expect(recovered.status == 0, "\(recovered.error)")
        let json = try report(recovered)
        let path = try #require(json["path"] as? String)
        #expect(path == folder.path + "/take_recovered.webm")
        #expect(try folder.entries() == ["take_recovered.webm"])
        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        let end = try #require(decoded.frameTimes.last)
        // It recorded for at least `cut` seconds after its file held its first frames.
        #expect(end >= cut - 2, "plays to \(end) s of a recording cut after \(cut) s")
        #expect(json["frames"] as? Int == decoded.frameTimes.count)

        let nothing = try CLIRunner.run(["recover", folder.path])
        #expect(nothing.status == 0)
        #expect(nothing.error.contains("No interrupted recording was found."), "\(nothing.error)")
        #expect(try folder.entries() == ["take_recovered.webm"])

        let missing = try CLIRunner.run(["recover", folder.path + "/nowhere"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("nowhere: there is no such folder."), "\(missing.error)")
        // The default folder, before anything was ever recorded, holds nothing to recover.
        let home = try TemporaryFolder()
        let fresh = try CLIRunner.run(["recover"], environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"],
                                      unset: ["XDG_VIDEOS_DIR"])
        #expect(fresh.status == 0, "\(fresh.error)")
        #expect(fresh.error.contains("No interrupted recording was found."), "\(fresh.error)")
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to mount a small tmpfs"))
    func aFullDiskStopsTheRecordingKeepsAPlayableClipAndExitsSix() throws {
        let folder = try TemporaryFolder()
        try folder.mountTmpfs(bytes: 1 << 20)
        // A small square at a high bitrate fills the disk within a second or
        // two without taking a core from the tests running beside it.
        let result = try CLIRunner.run(["record", "-c", "test:640x480@30", "--microphone", "test", "--bitrate", "8000",
                                        "--duration", "30", "--json", "-o", folder.path], timeout: 40)
        #expect(result.status == 6, "\(result.error)")
        #expect(result.error.contains("The disk is full"), "\(result.error)")
        let path = try #require(try report(result)["path"] as? String)
        #expect(try folder.entries() == [URL(fileURLWithPath: path).lastPathComponent], "nothing hidden left")
        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        #expect((decoded.frameTimes.last ?? 0) >= 1, "\(decoded.frameTimes.count) frames")
    }

    @Test func anExistingFileIsNeverReplacedUnlessAsked() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/clip.webm"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        let refused = try CLIRunner.run(["record", "-c", "test:320x240", "--microphone", "none", "-t", "0.5", "-o", file])
        #expect(refused.status == 6)
        #expect(refused.error.contains("already exists"), "\(refused.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("mine".utf8))
        #expect(try folder.entries() == ["clip.webm"])

        let replaced = try CLIRunner.run(["record", "-c", "test:320x240", "--microphone", "none", "-t", "0.5", "-o", file, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(try DecodedRecording(file).height == 240)
        #expect(try folder.entries() == ["clip.webm"])
    }

    @Test(arguments: [
        (["--size", "481"], "must be even"),
        (["-o", "-"], "written to a file"),
        (["-o", "clip.mp4"], ".webm"),
        (["--overwrite"], "--overwrite goes with --output FILE"),
        (["--duration", "0"], "--duration"),
        (["--microphone", ""], "--microphone"),
        (["--bitrate", "5"], "--bitrate"),
    ])
    func badRequestsAreUsageErrorsAndRecordNothing(arguments: [String], says: String) throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["record", "-c", "test"] + arguments, workingDirectory: folder.path)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains(says), "\(result.error)")
        #expect(try folder.entries().isEmpty)
    }

    /// Waits until the recording's hidden file holds `bytes`: the camera runs.
    private func waitForHiddenRecording(in folder: TemporaryFolder, atLeast bytes: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            for name in try folder.entries() where name.hasSuffix(".recording") {
                let size = (try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + name)[.size] as? Int) ?? 0
                if size >= bytes { return }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("no recording grew to \(bytes) bytes in \(folder.path)")
    }
}
