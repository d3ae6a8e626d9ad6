@testable import SquareCamCapture
import Foundation
import Glibc
import SquareCamCore
import Testing
import TestThreads

/// GStreamer's and the kernel's words for failures, as v4l2src reports them.
@Suite(.ownThreads) struct CameraFailureClassifierTests {
    private func report(_ code: Int32, _ message: String, _ debug: String = "") -> PipelineErrorReport {
        PipelineErrorReport(domain: .resource, code: code, message: message, debug: debug, sourceName: "v4l2src0")
    }

    @Test func busyDevice() {
        let busy = report(PipelineErrorReport.resourceBusy, "Device '/dev/video0' is busy",
                          "../sys/v4l2/gstv4l2object.c(4167): gst_v4l2_object_set_format_full (): Call to S_FMT failed for YUYV @ 1280x720: Device or resource busy")
        #expect(CameraFailureClassifier.failure(for: busy, camera: "Webcam") == .busy(camera: "Webcam"))
        let byText = report(PipelineErrorReport.resourceRead, "Failed to allocate required memory.", "Buffer pool activation failed: Device or resource busy")
        #expect(CameraFailureClassifier.failure(for: byText, camera: "Webcam") == .busy(camera: "Webcam"))
    }

    @Test func permissionDenied() {
        let denied = report(PipelineErrorReport.resourceOpenReadWrite, "Could not open device '/dev/video0' for reading and writing.",
                            "v4l2_calls.c(629): gst_v4l2_open (): system error: Permission denied")
        #expect(CameraFailureClassifier.failure(for: denied, camera: "Webcam") == .permissionDenied(camera: "Webcam"))
    }

    @Test func unpluggedWhileStreaming() {
        let gone = report(PipelineErrorReport.resourceRead, "Could not read from resource.",
                          "gstv4l2bufferpool.c(1040): gst_v4l2_buffer_pool_poll (): poll error 1: No such device (19)")
        #expect(CameraFailureClassifier.failure(for: gone, camera: "Webcam") == .disconnected(camera: "Webcam"))
    }

    /// What vivid in a guest gave on unbind and on its `disconnect` control: a stale errno.
    private var pollError: PipelineErrorReport {
        report(PipelineErrorReport.resourceRead, "Could not read from resource.",
               "../sys/v4l2/gstv4l2bufferpool.c(1124): gst_v4l2_buffer_pool_poll (): /GstPipeline:pipeline0/GstV4l2Src:v4l2src0:\npoll error 1: Invalid argument (22)")
    }

    @Test func pollErrorWithTheNodeGoneIsADisconnect() {
        #expect(CameraFailureClassifier.failure(for: pollError, camera: "vivid", node: .gone) == .disconnected(camera: "vivid"))
    }

    @Test func pollErrorWithTheNodeStillThereIsADriverFailure() {
        // vivid's inject_fatal_streaming_error: the same words, the node still opens.
        for node in [DeviceNodePresence.present, .unknown] {
            #expect(CameraFailureClassifier.failure(for: pollError, camera: "vivid", node: node)
                    == .failed(camera: "vivid", detail: "Could not read from resource. (poll error 1: Invalid argument (22))"))
        }
    }

    @Test func busyAndDeniedStayThemselvesWhateverTheNode() {
        let busy = report(PipelineErrorReport.resourceBusy, "Device '/dev/video0' is busy")
        #expect(CameraFailureClassifier.failure(for: busy, camera: "W", node: .gone) == .busy(camera: "W"))
    }

    @Test func openErrnosTellWhetherTheNodeIsGone() {
        #expect(DeviceAccess.presence(openErrno: ENODEV) == .gone)
        #expect(DeviceAccess.presence(openErrno: ENOENT) == .gone)
        #expect(DeviceAccess.presence(openErrno: ENXIO) == .gone)
        #expect(DeviceAccess.presence(openErrno: EACCES) == .present)
        #expect(DeviceAccess.presence(openErrno: EBUSY) == .present)
        #expect(DeviceAccess.presence(devicePath: "/dev/squarecam-no-such-video-node") == .gone)
        #expect(DeviceAccess.presence(devicePath: "/dev/null") == .present)
    }

    @Test func anythingElseKeepsGStreamersWords() {
        let other = PipelineErrorReport(domain: .stream, code: 1, message: "Internal data stream error", debug: "streaming stopped, reason not-negotiated (-4)", sourceName: "src")
        #expect(CameraFailureClassifier.failure(for: other, camera: "Webcam")
                == .failed(camera: "Webcam", detail: "Internal data stream error. (streaming stopped, reason not-negotiated (-4))"))
    }

    @Test func openErrnosMapToFailures() {
        #expect(DeviceAccess.failure(errno: EACCES, devicePath: "/dev/video0", camera: "W") == .permissionDenied(camera: "W"))
        #expect(DeviceAccess.failure(errno: EBUSY, devicePath: "/dev/video0", camera: "W") == .busy(camera: "W"))
        #expect(DeviceAccess.failure(errno: ENODEV, devicePath: "/dev/video0", camera: "W") == .disconnected(camera: "W"))
        #expect(DeviceAccess.failure(errno: ENOENT, devicePath: "/dev/video0", camera: "W") == .disconnected(camera: "W"))
        if case .failed(_, let detail) = DeviceAccess.failure(errno: EIO, devicePath: "/dev/video0", camera: "W") {
            #expect(detail.contains("/dev/video0") && detail.contains("Input/output error"))
        } else {
            Issue.record("EIO should be a plain failure")
        }
    }

    @Test func deviceNodeThatIsNotThereIsReportedBeforeGStreamerRuns() async throws {
        let camera = try GStreamerCamera(description: CameraDescription(id: "/dev/video-squarecam-missing", name: "Gone", facing: .external, modes: []))
        await #expect(throws: CameraFailure.disconnected(camera: "Gone")) { try await camera.start() }
    }

    @Test func deviceNodeWithoutPermissionIsDenied() async throws {
        // root ignores file modes (and CI runs as root): there the test runs
        // itself again as nobody, and that run must pass.
        if getuid() == 0 {
            let rerun = Process()
            rerun.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            rerun.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", bundle,
                               "--testing-library", "swift-testing", "--filter", "deviceNodeWithoutPermissionIsDenied"]
            rerun.environment = ["PATH": "/usr/bin:/bin", "HOME": "/tmp"]
            let output = Pipe()
            rerun.standardOutput = output
            rerun.standardError = output
            try rerun.run()
            let (status, outputs) = rerun.collectOutput(of: [output])
            let text = String(decoding: outputs[0], as: UTF8.self)
            #expect(status == 0 && text.contains("deviceNodeWithoutPermissionIsDenied() passed"),
                    "run as nobody (status \(status!)):\n\(text)")
            return
        }
        let path = "/tmp/squarecam-denied-\(getpid())"
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o000)
        close(descriptor)
        defer { unlink(path) }
        let camera = try GStreamerCamera(description: CameraDescription(id: path.replacingOccurrences(of: "/tmp/", with: "/dev/../tmp/"), name: "Locked", facing: .external, modes: []))
        await #expect(throws: CameraFailure.permissionDenied(camera: "Locked")) { try await camera.start() }
    }
}
