import SquareCamAppleLogic
import SquareCamCore
import Testing

struct CameraChoiceTests {
    private func device(_ id: String, _ position: CaptureDevicePosition, _ kind: CaptureDeviceKind) -> DiscoveredDevice {
        DiscoveredDevice(uniqueID: id, localizedName: "Camera \(id)", position: position, kind: kind)
    }

    @Test func theBackCameraComesFirstThenTheFrontOne() {
        let listed = CameraChoice.cameras(from: [device("f", .front, .builtInWideAngleCamera), device("b", .back, .builtInWideAngleCamera)])
        #expect(listed.map(\.id) == ["b", "f"])
        #expect(listed.map(\.facing) == [.back, .front])
    }

    @Test func oneCameraPerSideThePreferredKind() {
        // An iPhone Pro lists the triple camera and each of its lenses' wide angle as separate devices.
        let listed = CameraChoice.cameras(from: [
            device("wide", .back, .builtInWideAngleCamera), device("dual", .back, .builtInDualWideCamera),
            device("triple", .back, .builtInTripleCamera), device("front", .front, .builtInWideAngleCamera),
        ])
        #expect(listed.map(\.id) == ["triple", "front"])
    }

    @Test func pluggedInCamerasFollowInTheSystemsOrderEachOnce() {
        let listed = CameraChoice.cameras(from: [
            device("usb2", .unspecified, .external), device("front", .front, .builtInWideAngleCamera),
            device("usb1", .unspecified, .external), device("usb2", .unspecified, .external),
        ])
        #expect(listed.map(\.id) == ["front", "usb2", "usb1"])
        #expect(listed.map(\.facing) == [.front, .external, .external])
    }

    @Test func noDevicesNoCameras() {
        #expect(CameraChoice.cameras(from: []).isEmpty)
    }

    @Test func positionsByAppleRawValue() {
        #expect(CaptureDevicePosition(appleRawValue: 0) == .unspecified)
        #expect(CaptureDevicePosition(appleRawValue: 1).facing == .back)
        #expect(CaptureDevicePosition(appleRawValue: 2).facing == .front)
        #expect(CaptureDevicePosition(appleRawValue: 42).facing == .external)
    }

    @Test func namesAndIDsAreTheDevicesOwn() {
        let description = CameraChoice.description(of: device("com.apple.avfoundation.avcapturedevice.built-in_video:0", .back, .builtInWideAngleCamera))
        #expect(description.id == "com.apple.avfoundation.avcapturedevice.built-in_video:0")
        #expect(description.name == "Camera com.apple.avfoundation.avcapturedevice.built-in_video:0")
        #expect(description.modes.isEmpty)
    }
}
