import Foundation
import PortalTestSupport
import Testing
import TestThreads

/// A/V sync through PipeWire. A camera node and a microphone node of another
/// program (harness/av-sync/clapper.py) flash and beep together at every whole
/// second; `record` takes them through the portal as it takes a real camera
/// and microphone, and must keep them as PipeWire delivers them.
@Suite(.ownThreads)
struct PipeWireSyncCLITests {
    @Test func anotherProgramsCameraAndMicrophoneAreRecordedInSync() throws {
        let session = try PortalSession.start(.init(cameras: 0, stored: .yes))
        let clapper = try session.addClapper()
        let folder = try TemporaryFolder()
        // The reference, taken beside the recording: when PipeWire itself
        // delivers each node's marks (one process per node).
        let pictureReference = try reference(clapper.cameraSerial, "camera", session, clapper)
        let soundReference = try reference(clapper.microphone, "microphone", session, clapper)
        // 120² keeps the encoder light: in the whole suite on two cores a
        // 480² recording dropped three frames in four, flashes among them.
        let file = folder.path + "/clap.webm"
        let result = try CLIRunner.run(["record", "--camera", "pipewire:\(clapper.cameraSerial)", "--microphone", "pipewire:\(clapper.microphone)",
                                        "--mode", "640x480@30", "--size", "120", "--duration", "6", "--json", "-o", file],
                                       environment: session.environment.merging(["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"]) { $1 },
                                       timeout: 60)
        // `record` died of SIGSEGV here in 2 of about 40 runs (not since, in
        // 100 more), never caught in the act. The likeliest cause: it listed
        // its camera and microphone through GStreamer's PipeWire device
        // provider in its own process while the references linked to the same
        // nodes, and that provider (0.3.65) crashes so. It lists neither there
        // now (the camera in a helper process, the microphone from PipeWire's
        // registry). Should it crash again, the backtrace is in the failure.
        try #require(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("gives no sound"), "\(result.error)")
        // Before its frames were stamped on arrival, such a camera's
        // recording kept 1 frame of 180: they came with no time at all. (A
        // third is the floor: the whole suite's load drops frames.)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        #expect((report["frames"] as? Int ?? 0) >= 60, "\(report)")

        let pictureDelay = try delay(pictureReference.wait(timeout: 60))
        let soundDelay = try delay(soundReference.wait(timeout: 60))
        let expected = soundDelay - pictureDelay

        let measured = try CLIRunner.run([CLIRunner.packageRoot.appendingPathComponent("harness/av-sync/measure.py").path, file],
                                         timeout: 60, program: "/usr/bin/python3")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(measured.output.utf8)) as? [String: Any], "\(measured.error)")
        // A file may start inside a flash or a beep (the marks last 0.3 s,
        // clapper.py's FLASH_SECONDS): such a part-mark at its start is not a mark's onset.
        let flashes = try #require(json["flashes"] as? [Double]).filter { $0 >= 0.3 }
        let beeps = try #require(json["beeps"] as? [Double]).filter { $0 >= 0.3 }
        #expect(flashes.count >= 3 && beeps.count >= 4, "\(json)")
        // The sound is neither lost nor stretched: its beeps are whole
        // seconds apart. (Before the fixes they came 1.8 s apart, or
        // bunched.) When the whole suite starves the clapper, its sound
        // slips: CI saw a step of 0.125 s between two beeps, once.
        for (earlier, later) in zip(beeps, beeps.dropFirst()) {
            #expect(abs((later - earlier) - (later - earlier).rounded()) <= 0.2 && later - earlier > 0.5, "beeps at \(beeps)")
        }
        if let first = beeps.first, let last = beeps.last, beeps.count > 2 {
            #expect(abs((last - first) - (last - first).rounded()) <= 0.2, "beeps at \(beeps)")
        }
        // The flashes' beeps are where PipeWire delivered them (the median of
        // each: a starved moment moves one mark, not the sync). That is
        // within 40 ms on a quiet machine over ten minutes (benchmarks/
        // av-sync.sh … pipewire: −2 and −5 ms), the figure the issue asks
        // for. Here other suites starve the clapper and the reference as
        // well as the recording (48 and 98 ms seen), so this test only
        // catches what the faults it guards against did: seconds.
        let offsets = flashes.map { flash in beeps.min { abs($0 - flash) < abs($1 - flash) }.map { $0 - flash } ?? .infinity }
        #expect(abs(median(offsets) - expected) <= 0.25,
                "sound minus picture \(offsets) s in the file; PipeWire delivered the picture \(pictureDelay) s and the sound \(soundDelay) s late")
    }

    /// harness/av-sync/reference.py on one node for 9 s, started now.
    private func reference(_ node: String, _ kind: String, _ session: PortalSession, _ clapper: PortalSession.Clapper) throws -> CLIRunner.Running {
        try CLIRunner.start([CLIRunner.packageRoot.appendingPathComponent("harness/av-sync/reference.py").path,
                             node, kind, clapper.baseTime, "9"], environment: session.environment, program: "/usr/bin/python3")
    }

    /// How late a node's path delivers its marks: the median onset's
    /// distance past its whole second.
    private func delay(_ finished: CLIRunner.Result) throws -> Double {
        let json = try JSONSerialization.jsonObject(with: Data(finished.output.utf8)) as? [String: Any]
        let onsets = try #require(json?["onsets"] as? [Double], "reference: \(finished.output) \(finished.error)")
        try #require(onsets.count >= 5, "reference onsets \(onsets)")
        return median(onsets.map { $0 - $0.rounded() })
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
    }
}
