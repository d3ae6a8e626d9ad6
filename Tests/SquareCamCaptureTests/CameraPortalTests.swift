@testable import SquareCamCapture
import Foundation
import PortalTestSupport
import SquareCamCore
import Testing
import TestThreads

/// What can be known about the camera portal without one: detection is
/// quick and clean, and a request reports that it could not ask.
@Suite(.ownThreads) struct CameraPortalTests {
    @Test func noSessionBusIsDetectedAtOnce() {
        let started = ContinuousClock.now
        #expect(CameraPortal.status(environment: [:]) == .noSessionBus)
        #expect(CameraPortal.status(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/squarecam-bus"]) == .noSessionBus)
        #expect(CameraPortal.status(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]) == .noSessionBus)
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func sessionBusAddressComesFromTheEnvironment() {
        #expect(CameraPortal.sessionBusAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]) == "unix:path=/run/user/1000/bus")
        #expect(CameraPortal.sessionBusAddress(environment: [:]) == nil)
        // A runtime directory without a bus socket in it is no bus.
        #expect(CameraPortal.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": NSTemporaryDirectory()]) == nil)
    }

    @Test func thisMachinesStatusIsAnsweredWithoutHanging() {
        let started = ContinuousClock.now
        let status = CameraPortal.status()
        #expect(ContinuousClock.now - started < .seconds(5))
        if ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil
            && ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] == nil {
            #expect(status == .noSessionBus)
        }
        #expect(!status.description.isEmpty)
    }

    @Test func withoutASessionBusTheProviderIsDirectOutsideASandbox() throws {
        #expect(try SystemCameraProvider.make(environment: [:], sandboxed: false).kind == "direct")
        #expect(throws: CameraFailure.portalUnavailable) { try SystemCameraProvider.make(environment: [:], sandboxed: true) }
    }

    @Test func rulesPickTheProvider() {
        #expect(SystemCameraProvider.choose(status: .available(cameraPresent: true), sandboxed: false) == .portal)
        #expect(SystemCameraProvider.choose(status: .available(cameraPresent: false), sandboxed: true) == .portal)
        for status in [CameraPortalStatus.noSessionBus, .noPortal, .noCameraInterface] {
            #expect(SystemCameraProvider.choose(status: status, sandboxed: false) == .direct)
            #expect(SystemCameraProvider.choose(status: status, sandboxed: true) == .unavailable)
        }
    }

    @Test func portalResponsesMapToAnswers() {
        #expect(CameraPortal.answer(fromResponse: [.uint32(0), .dictionary([:])]) == .granted)
        #expect(CameraPortal.answer(fromResponse: [.uint32(1), .dictionary([:])]) == .denied)
        #expect(CameraPortal.answer(fromResponse: [.uint32(2), .dictionary([:])]) == .denied)
        guard case .unanswered = CameraPortal.answer(fromResponse: [.uint32(7)]) else {
            Issue.record("an unknown response must not count as an answer")
            return
        }
    }

    @Test func rangeEndsAreNotPortalModes() {
        let record = DeviceRecord(
            displayName: "Cam", deviceClass: "Video/Source",
            properties: ["object.serial": "30", "node.name": "cam", "media.class": "Video/Source"],
            modes: [CameraMode(size: PixelSize(width: 2_147_483_647, height: 2_147_483_647), framesPerSecond: 30, format: "RGB"),
                    CameraMode(size: PixelSize(width: 640, height: 480), framesPerSecond: 30, format: "RGB")])
        let cameras = PortalCameraProvider.cameras(from: [record])
        #expect(cameras.map(\.id) == ["pipewire:30"])
        #expect(cameras.first?.modes.map(\.size) == [PixelSize(width: 640, height: 480)])
    }

    @Test func portalRemoteIsHandedToPipeWireSource() {
        let text = PipelineDescription(source: .pipewire(objectSerial: CameraSource.pipewireDefault, fd: 42), mode: nil).launchText
        #expect(text.hasPrefix("pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true fd=42 ! "))
        let serial = PipelineDescription(source: .pipewire(objectSerial: "57", fd: nil), mode: nil).launchText
        #expect(serial.hasPrefix("pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true target-object=\"57\" ! "))
    }
}

extension CameraPortalTests {
    /// A private session bus with no portal on it, and no service directories
    /// (a machine's own bus would D-Bus-activate its installed x-d-p).
    @Test func sessionBusWithoutAPortalIsNoPortal() throws {
        let session = try PortalSession.start(.init(cameras: 1, portal: false))
        let started = ContinuousClock.now
        #expect(CameraPortal.status(environment: session.environment) == .noPortal)
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(try SystemCameraProvider.make(environment: session.environment, sandboxed: false).kind == "direct")
        #expect(throws: CameraFailure.portalUnavailable) {
            try SystemCameraProvider.make(environment: session.environment, sandboxed: true)
        }
    }
}
