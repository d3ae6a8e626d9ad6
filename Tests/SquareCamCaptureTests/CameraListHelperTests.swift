@testable import SquareCamCapture
import Foundation
import PortalTestSupport
import SquareCamCore
import Testing
import TestThreads

/// The app's camera list in a helper process: what the helper prints is the
/// list (its test pattern left out), and a helper that crashes, is refused
/// or hangs gives a failure the watch retries, never a wrong list.
@Suite(.ownThreads) struct CameraListHelperTests {
    /// A stand-in helper: a script with `body` for `interpreter`, in a folder of its own.
    private func helper(_ body: String, interpreter: String = "/bin/sh") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("squarecam-gst").path
        try ExecutableScript.write("#!" + interpreter + "\n" + body + "\n", to: path)
        return path
    }

    @Test func theListIsWhatTheHelperPrintsWithoutTheTestPattern() throws {
        let cameras = [
            CameraDescription(id: "pipewire:57", name: "Front", facing: .front,
                              modes: [CameraMode(size: PixelSize(width: 1280, height: 720), framesPerSecond: 30, format: "YUY2")]),
            TestCamera.description,
        ]
        let json = String(decoding: try JSONEncoder().encode(cameras), as: UTF8.self)
        let program = try helper("[ \"$1 $2\" = 'devices --json' ] || exit 2\n[ \"$SQUARECAM_TEST_SESSION\" = here ] || exit 2\necho '\(json)'")
        let listed = try CameraListHelper.cameras(program: program, environment: ["SQUARECAM_TEST_SESSION": "here"])
        #expect(listed == [cameras[0]])
    }

    @Test func aHelperThatKeepsCrashingIsAFailureNamingTheSignal() throws {
        let program = try helper("echo run >> \"$(dirname \"$0\")/runs\"\nkill -SEGV $$")
        #expect(throws: CameraFailure.failed(camera: "PipeWire", detail: "the camera list helper ended with signal 11, 3 times.")) {
            try CameraListHelper.cameras(program: program, environment: [:])
        }
        let runs = try String(contentsOfFile: (program as NSString).deletingLastPathComponent + "/runs", encoding: .utf8)
        #expect(runs == "run\nrun\nrun\n")
    }

    @Test func aHelperThatCrashedOnceIsStartedAgain() throws {
        let json = String(decoding: try JSONEncoder().encode([TestCamera.description]), as: UTF8.self)
        let program = try helper("""
            marker="$(dirname "$0")/crashed"
            if [ ! -e "$marker" ]; then touch "$marker"; kill -SEGV $$; fi
            echo '\(json)'
            """)
        #expect(try CameraListHelper.cameras(program: program, environment: [:]) == [])
    }

    @Test func aRefusalIsPermissionDenied() throws {
        let program = try helper("echo 'The camera portal refused SquareCam the camera.' >&2\nexit 4")
        #expect(throws: CameraFailure.permissionDenied(camera: "on this computer")) {
            try CameraListHelper.cameras(program: program, environment: [:])
        }
    }

    /// The helper's own failure comes back as it is, not inside one of ours
    /// ("The camera PipeWire failed: squarecam: The camera … failed: …").
    @Test func theHelpersCameraFailureComesBackAsItIs() throws {
        let failure = CameraFailure.failed(camera: "on this computer", detail: "the camera portal could not open PipeWire (no PipeWire there).")
        let json = String(decoding: try JSONEncoder().encode(CameraListProblem(failure)), as: UTF8.self)
        let program = try helper("echo 'squarecam: \(failure)' >&2\necho '\(json)'\nexit 5")
        #expect(throws: failure) {
            try CameraListHelper.cameras(program: program, environment: [:])
        }
    }

    @Test func anotherFailureGivesTheHelpersLastWordsWithoutItsName() throws {
        let program = try helper("echo 'warming up' >&2\necho 'squarecam: The camera portal did not answer.' >&2\nexit 5")
        #expect(throws: CameraFailure.failed(camera: "PipeWire", detail: "The camera portal did not answer.")) {
            try CameraListHelper.cameras(program: program, environment: [:])
        }
    }

    /// A hung helper is stopped once, not started again; one that started a
    /// program of its own, which keeps the helper's output open after the
    /// kill, still ends the list a second after the kill. Either way the list
    /// says the helper did not answer.
    @Test(arguments: [
        ("exec sleep 60", 10, "stopped once, not started again"),
        ("sleep 5 &\nexec sleep 60", 4, "not held until the helper's child ends"),
    ])
    func aHangingHelperIsStopped(body: String, withinSeconds: Int, why: String) throws {
        let program = try helper(body)
        let started = ContinuousClock.now
        #expect(throws: CameraFailure.failed(camera: "PipeWire", detail: "the camera list helper did not answer within 1 s.")) {
            try CameraListHelper.cameras(program: program, environment: [:], timeout: 1)
        }
        #expect(ContinuousClock.now - started < .seconds(withinSeconds), "\(why)")
    }

    /// The helper starts with no signal blocked, whatever the app blocks.
    /// (A Python helper reports it: sh would unblock every signal itself.)
    @Test func theHelperStartsWithNoSignalBlocked() throws {
        let program = try helper("""
            import sys
            sys.stderr.write(next(line for line in open("/proc/self/status") if line.startswith("SigBlk")))
            sys.exit(1)
            """, interpreter: "/usr/bin/python3")
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #expect(throws: CameraFailure.failed(camera: "PipeWire", detail: "SigBlk:\t0000000000000000")) {
            try CameraListHelper.cameras(program: program, environment: [:])
        }
    }
}
