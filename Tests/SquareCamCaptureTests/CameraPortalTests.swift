@testable import SquareCamCapture
import Foundation
import Testing

/// What can be known about the camera portal without one: detection is
/// quick and clean, and a request reports that it could not ask.
struct CameraPortalTests {
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

    @Test func requestWithoutAPortalSaysSoInsteadOfAsking() async {
        let access = await CameraPortal.requestAccess(environment: [:])
        #expect(access == .unavailable(.noSessionBus))
    }

    @Test func portalRemoteIsHandedToPipeWireSource() {
        let text = PipelineDescription(source: .pipewire(objectSerial: CameraSource.pipewireDefault, fd: 42), mode: nil).launchText
        #expect(text.hasPrefix("pipewiresrc fd=42 ! "))
        let serial = PipelineDescription(source: .pipewire(objectSerial: "57", fd: nil), mode: nil).launchText
        #expect(serial.hasPrefix("pipewiresrc target-object=\"57\" ! "))
    }
}

extension CameraPortalTests {
    /// A private session bus (dbus-daemon) without xdg-desktop-portal on it.
    @Test func sessionBusWithoutAPortalIsNoPortal() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            print("skipped: dbus-daemon is not installed")
            return
        }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        // SIGKILL: a test runner may ignore SIGTERM, and children inherit that.
        defer { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() }
        // The daemon prints its address once it listens: a real event, read with a bound.
        let line = output.fileHandleForReading.availableData
        let address = try #require(String(data: line, encoding: .utf8)?.split(separator: "\n").first.map(String.init))
        let started = ContinuousClock.now
        #expect(CameraPortal.status(environment: ["DBUS_SESSION_BUS_ADDRESS": address]) == .noPortal)
        #expect(ContinuousClock.now - started < .seconds(3))
        let access = await CameraPortal.requestAccess(environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        #expect(access == .unavailable(.noPortal))
    }
}
