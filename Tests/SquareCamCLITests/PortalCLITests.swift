import Foundation
import PortalTestSupport
import SquareCamCore
import Testing
import TestThreads

/// `squarecam shoot` and `devices` (the built binary) in a private desktop
/// session with real daemons: the camera portal decides, and the photo comes
/// through the portal's PipeWire connection (harness/portal/session.py).
@Suite(.serialized, .ownThreads)
struct PortalCLITests {
    /// Shoots into `folder` with the session's environment.
    static func shoot(_ session: PortalSession, _ folder: TemporaryFolder, _ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["shoot", "--output", folder.path + "/", "--json"] + extra, environment: session.environment)
    }

    @Test func storedYesShootsThroughThePortalWithoutADialog() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let node = try #require(session.cameras.first)
        let folder = try TemporaryFolder()
        // The default mode: the largest the node offers within 16384 per side, not a range's end.
        let result = try Self.shoot(session, folder, ["--require-camera"])
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let camera = report?["camera"] as? [String: Any]
        #expect(camera?["id"] as? String == "pipewire:\(node.serial)")
        #expect(camera?["name"] as? String == "SquareCam Test Camera 1")
        #expect((report?["width"] as? Int).map { $0 > 0 && $0 <= 16384 } == true)
        #expect(try folder.entries().count == 1)
        #expect(try session.dialogCount() == 0)

        let devices = try CLIRunner.run(["devices"], environment: session.environment)
        #expect(devices.status == 0, "\(devices.error)")
        #expect(devices.output.hasPrefix("pipewire:\(node.serial)\tSquareCam Test Camera 1"), "\(devices.output)")
        #expect(!devices.output.contains("2147483647"))
        #expect(devices.output.contains("test\tTest pattern"))
    }

    /// The camera through the portal's PipeWire connection, the default
    /// PipeWire microphone (a sine node in the session's PipeWire) as sound.
    @Test func recordsThePortalCameraWithThePipeWireMicrophone() throws {
        let session = try PortalSession.start(.init(cameras: 1, microphones: 1, stored: .yes))
        let node = try #require(session.cameras.first)
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["record", "--require-camera", "--mode", "640x480@30", "--duration", "3",
                                        "--json", "-o", folder.path + "/"], environment: session.environment, timeout: 60)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("gives no sound"), "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((report["camera"] as? [String: Any])?["id"] as? String == "pipewire:\(node.serial)")
        #expect(report["microphone"] as? String == "pipewire:default")
        #expect(report["width"] as? Int == 480 && report["height"] as? Int == 480)
        let path = try #require(report["path"] as? String)
        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        #expect((decoded.frameTimes.last ?? 0) >= 2.5, "\(decoded.frameTimes.count) frames")
        #expect((decoded.soundTimes.last ?? 0) >= 2.5, "\(decoded.soundTimes.count) sound buffers")
        #expect(try DecodedRecording.soundLevel(of: path, into: folder.path, loudest: true) > 0.05, "the microphone's sine, not the silence under it")
        #expect(try session.dialogCount() == 0)

        // The microphone by the id `devices` gives it: a fresh node, since
        // the SPA test node just recorded may have stopped (session.py).
        let microphone = "pipewire:" + (try session.addMicrophone())
        #expect(microphone == "pipewire:squarecam-test-microphone-2")
        let devices = try CLIRunner.run(["devices"], environment: session.environment)
        #expect(devices.output.contains("\(microphone)\tSquareCam Test Microphone 2\n"), "\(devices.output)")
        let listed = try CLIRunner.run(["devices", "--microphones", "--json"], environment: session.environment)
        let ids = (try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(Set(ids ?? []) == ["pipewire:squarecam-test-microphone-1", microphone, "test"], "\(listed.output)")
        let named = try CLIRunner.run(["record", "--camera", "test:320x240", "--microphone", microphone, "--duration", "4",
                                       "-o", folder.path + "/named.webm"], environment: session.environment)
        #expect(named.status == 0, "\(named.error)")
        #expect(!named.error.contains("gives no sound"), "\(named.error)")
        #expect(try DecodedRecording.soundLevel(of: folder.path + "/named.webm", into: folder.path, loudest: true) > 0.05, "\(named.error)")
        let unknown = try CLIRunner.run(["record", "--camera", "test", "--microphone", "pipewire:nothing", "-o", folder.path + "/x.webm"],
                                        environment: session.environment)
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("There is no microphone 'pipewire:nothing'"), "\(unknown.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.webm"))
    }

    @Test func aRefusedCameraRecordsNothingAndExitsFour() throws {
        let session = try PortalSession.start(.init(cameras: 1, microphones: 1, stored: .no))
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["record", "--duration", "1", "-o", folder.path + "/"], environment: session.environment)
        #expect(result.status == 4, "\(result.error)")
        #expect(result.error.contains("Settings › Privacy › Camera"), "\(result.error)")
        #expect(try folder.entries().isEmpty, "not even a hidden file")
    }

    /// PipeWire is not running behind the portal: one sentence saying so and
    /// what to do, the same from `devices` and from `shoot` (which lists in a
    /// helper, `devices --json`, and passes on the helper's failure as it is),
    /// without the portal's D-Bus error names; `devices --json` says it in JSON too.
    @Test func withoutPipeWireTheCommandsSayItOnceAndExitFive() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        try session.killPipeWire()
        let sentence = "squarecam: The camera portal could not reach PipeWire, which brings the cameras' pictures ("
        let advice = "Start PipeWire and WirePlumber (systemctl --user start pipewire wireplumber), then try again.\n"

        let devices = try CLIRunner.run(["devices", "--json"], environment: session.environment)
        #expect(devices.status == 5, "\(devices.error)")
        #expect(devices.error.hasPrefix(sentence) && devices.error.hasSuffix(advice), "\(devices.error)")
        #expect(!devices.error.contains("org.freedesktop"), "\(devices.error)")
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(devices.output.utf8)) as? [String: Any], "\(devices.output)")
        #expect("squarecam: " + (problem["error"] as? String ?? "") + "\n" == devices.error)
        #expect((problem["failure"] as? [String: Any])?["pipeWireUnreachable"] != nil, "\(devices.output)")

        let folder = try TemporaryFolder()
        let shoot = try Self.shoot(session, folder, ["--require-camera"])
        #expect(shoot.status == 5, "\(shoot.error)")
        #expect(shoot.error == devices.error, "the helper's sentence, not one wrapped around it")
        #expect(try shoot.output.isEmpty && folder.entries().isEmpty)
    }

    /// PipeWire dies under a recording: the camera is gone, the file is kept and plays.
    @Test func pipeWireKilledDuringARecordingKeepsThePlayableFileAndExitsFive() throws {
        let session = try PortalSession.start(.init(cameras: 1, microphones: 1, stored: .yes))
        let folder = try TemporaryFolder()
        let running = try CLIRunner.start(["record", "--require-camera", "--mode", "640x480@30", "--json",
                                           "-o", folder.path + "/"], environment: session.environment)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !(try folder.entries()).contains(where: { name in
            name.hasSuffix(".recording")
                && ((try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + name)[.size] as? Int) ?? 0) > 50_000
        }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try session.killPipeWire()
        let result = running.wait(timeout: 30)
        #expect(result.status == 5, "\(result.error)")
        #expect(result.error.contains("The recording up to then is kept."), "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let path = try #require(report["path"] as? String)
        #expect(try folder.entries() == [URL(fileURLWithPath: path).lastPathComponent], "nothing hidden left")
        let decoded = try DecodedRecording(path)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        #expect(!decoded.frameTimes.isEmpty)
    }

    /// `scan` reads a code through the portal's PipeWire connection, from a
    /// camera node that shows one (turned by 23°, off the centre square).
    @Test func scansACodeThroughThePortalsCamera() throws {
        let session = try PortalSession.start(.init(cameras: 0, stored: .yes))
        let node = try session.addPictureCamera(path: CLIRunner.fixtures.appendingPathComponent("codes/tilted.png").path)
        let result = try CLIRunner.run(["scan", "--camera", "pipewire:\(node.serial)", "--timeout", "20", "--json"],
                                       environment: session.environment)
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(report?["text"] as? String == "tilted by 23 degrees")
        #expect((report?["camera"] as? [String: Any])?["id"] as? String == "pipewire:\(node.serial)")
        #expect(try session.dialogCount() == 0)
    }

    /// `shoot --follow-face` through the portal's PipeWire connection, from a
    /// camera node showing a wide frame with the person at its right side.
    @Test func followsAFaceThroughThePortalsCamera() throws {
        let session = try PortalSession.start(.init(cameras: 0, stored: .yes))
        let folder = try TemporaryFolder()
        let picture = folder.path + "/wide.png"
        _ = try CLIRunner.output(of: "/usr/bin/convert", [try ShootFramingCLITests.wideFrame(in: folder), picture])
        let node = try session.addPictureCamera(path: picture)
        let result = try CLIRunner.run(["shoot", "--camera", "pipewire:\(node.serial)", "--follow-face", "--json", "-o", folder.path + "/"],
                                       environment: session.environment)
        #expect(result.status == 0, "\(result.error)")
        let report = try ShootFramingCLITests.report(result.output)
        #expect(report["faces"] as? Int == 1, "\(report)")
        let square = try ShootFramingCLITests.square(report)
        #expect(square.width == 720 && square.contains(ShootFramingCLITests.faceCentre), "\(square) misses the face")
    }

    @Test func storedNoExitsFourNamingWhereToChangeIt() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .no))
        let folder = try TemporaryFolder()
        let result = try Self.shoot(session, folder)
        #expect(result.status == 4)
        #expect(result.error.contains("Settings › Privacy › Camera"), "\(result.error)")
        #expect(result.error.contains("DeletePermission devices camera"), "\(result.error)")
        #expect(try folder.entries().isEmpty)
        let devices = try CLIRunner.run(["devices"], environment: session.environment)
        #expect(devices.status == 4)
        #expect(devices.output.isEmpty)
        // With --json the refusal is said in JSON too: the same sentence, and its kind.
        let listed = try CLIRunner.run(["devices", "--json"], environment: session.environment)
        #expect(listed.status == 4 && listed.error == devices.error, "\(listed.error)")
        let problem = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any]
        #expect("squarecam: " + (problem?["error"] as? String ?? "") + "\n" == devices.error, "\(listed.output)")
        #expect((problem?["failure"] as? [String: Any])?["permissionDenied"] != nil, "\(listed.output)")
        #expect(try session.dialogCount() == 0)
        // The test pattern asks nobody, whatever is stored.
        let test = try Self.shoot(session, folder, ["--camera", "test:320x240"])
        #expect(test.status == 0, "\(test.error)")
        #expect(try session.dialogCount() == 0)
    }

    @Test func notAskedThenAllowedAsksOnceThenRemembers() throws {
        let session = try PortalSession.start(.init(cameras: 1, answer: .allow, stored: .none))
        let folder = try TemporaryFolder()
        let first = try Self.shoot(session, folder, ["--mode", "640x480@30"])
        #expect(first.status == 0, "\(first.error)")
        #expect(try session.dialogCount() == 1)
        #expect(try session.storedAnswer() == .yes)
        try session.replaceCamera(try #require(session.cameras.first))
        let second = try Self.shoot(session, folder, ["--mode", "640x480@30"])
        #expect(second.status == 0, "\(second.error)")
        #expect(try session.dialogCount() == 1)
        #expect(try folder.entries().count == 2)
    }

    @Test func notAskedThenDeniedExitsFourAndRemembers() throws {
        let session = try PortalSession.start(.init(cameras: 1, answer: .deny, stored: .none))
        let folder = try TemporaryFolder()
        let result = try Self.shoot(session, folder)
        #expect(result.status == 4)
        #expect(try session.dialogCount() == 1)
        #expect(try session.storedAnswer() == .no)
        #expect(try Self.shoot(session, folder).status == 4)
        #expect(try session.dialogCount() == 1)
        #expect(try folder.entries().isEmpty)
    }

    @Test func lockdownExitsFourWithTheAdministratorSentence() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes, lockdown: true))
        let result = try Self.shoot(session, try TemporaryFolder())
        #expect(result.status == 4)
        #expect(result.error.contains("administrator"), "\(result.error)")
        #expect(!result.error.contains("Settings › Privacy"))
    }

    /// PipeWire stops between two shots of `--count` (SIGSTOP: its nodes and
    /// links stay, nobody is told, no frame comes): the shoot ends as a camera
    /// failure, without the first frame saved again under a new name.
    @Test func aCameraThatStopsSendingFailsTheNextShotInsteadOfSavingAnOldFrame() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let folder = try TemporaryFolder()
        // Frozen once the first photo is there, until well after the camera
        // has been given up; thawed at the end in any case.
        let photos = folder.path
        let watcher = Thread {
            let deadline = Date().addingTimeInterval(30)
            while (try? FileManager.default.contentsOfDirectory(atPath: photos).count) != 1, Date() < deadline { usleep(20_000) }
            try? session.freezePipeWire()
            sleep(8)
            try? session.thawPipeWire()
        }
        watcher.start()
        let result = try Self.shoot(session, folder, ["--require-camera", "--count", "2", "--interval", "5"])
        #expect(result.status == 5, "\(result.error)")
        #expect(result.error.contains("stopped sending pictures"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "one clear line: \(result.error)")
        #expect(try folder.entries().count == 1)
    }

    @Test func noCameraNode() throws {
        let session = try PortalSession.start(.init(cameras: 0, stored: .none))
        let folder = try TemporaryFolder()
        // The portal sees no camera: nobody is asked about one.
        let unasked = try Self.shoot(session, folder, ["--require-camera"])
        #expect(unasked.status == 3, "\(unasked.error)")
        #expect(try session.dialogCount() == 0)
        try session.setStoredAnswer(.yes)
        let allowed = try Self.shoot(session, folder, ["--require-camera"])
        #expect(allowed.status == 3, "\(allowed.error)")
        let devices = try CLIRunner.run(["devices"], environment: session.environment)
        #expect(devices.status == 0)
        #expect(devices.output.hasPrefix("test\tTest pattern"), "\(devices.output)")
        #expect(try folder.entries().isEmpty)
    }

    /// A bus without any portal: the direct path, which leaves PipeWire's own
    /// camera node alone (only the portal hands out PipeWire cameras).
    @Test func noPortalTakesTheDirectPath() throws {
        let session = try PortalSession.start(.init(cameras: 1, portal: false))
        let devices = try CLIRunner.run(["devices"], environment: session.environment)
        #expect(devices.status == 0, "\(devices.error)")
        #expect(!devices.output.contains("pipewire:"), "\(devices.output)")
        #expect(!devices.output.contains("SquareCam Test Camera"))
        let folder = try TemporaryFolder()
        let result = try Self.shoot(session, folder, ["--require-camera"])
        // No V4L2 camera on a test machine; with one, a photo.
        #expect(result.status == 3 || result.status == 0, "\(result.error)")
        #expect(!result.output.contains("pipewire:"))
    }
}
