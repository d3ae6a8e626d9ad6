@testable import SquareCamCapture
import SquareCamCore
import Glibc
import Testing

/// The list rules over property dictionaries shaped like those the v4l2,
/// PipeWire and libcamera providers report.
struct CameraCatalogTests {
    private let yuyv = [CameraMode(size: PixelSize(width: 1280, height: 720), framesPerSecond: 10, format: "YUY2")]
    private let mjpeg = [CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, format: "MJPG")]

    private func v4l2(_ path: String, card: String = "Integrated Camera: Integrated C", driver: String = "uvcvideo",
                      deviceCaps: String = "04200001", vendor: String = "0x04f2", product: String = "0xb6d9",
                      modes: [CameraMode]? = nil, removable: String? = nil) -> DeviceRecord {
        DeviceRecord(
            displayName: card,
            properties: [
                "device.api": "v4l2", "api.v4l2.path": path, "device.path": path,
                "api.v4l2.cap.driver": driver, "api.v4l2.cap.card": card,
                "api.v4l2.cap.bus_info": "usb-0000:00:14.0-7", "api.v4l2.cap.device-caps": deviceCaps,
                "api.v4l2.cap.capabilities": "84a00001", "device.bus": "usb",
                "device.vendor.id": vendor, "device.product.id": product,
            ],
            modes: modes ?? (yuyv + mjpeg), usbRemovable: removable)
    }

    private func pipewire(serial: String, path: String?, name: String = "Integrated Camera", location: String? = nil,
                          modes: [CameraMode]? = nil) -> DeviceRecord {
        var properties = [
            "object.serial": serial, "node.name": "v4l2_input.pci-0000_00_14.0-usb-0_7_1.0",
            "node.description": name, "media.class": "Video/Source", "media.role": "Camera",
        ]
        if let path { properties["api.v4l2.path"] = path; properties["device.api"] = "v4l2" }
        if let location { properties["api.libcamera.location"] = location; properties["device.api"] = "libcamera" }
        return DeviceRecord(displayName: name, properties: properties, modes: modes ?? (yuyv + mjpeg))
    }

    @Test func oneWebcamSeenByV4L2PipeWireAndLibcameraIsListedOnceAsItsDeviceNode() {
        let libcamera = DeviceRecord(
            displayName: "\\_SB_.PCI0.XHC_.RHUB.HS07-7:1.0-04f2:b6d9", deviceClass: "Source/Video",
            modes: yuyv + mjpeg, libcameraName: "\\_SB_.PCI0.XHC_.RHUB.HS07-7:1.0-04f2:b6d9")
        let cameras = CameraCatalog.cameras(from: [pipewire(serial: "41", path: "/dev/video0"), libcamera, v4l2("/dev/video0")])
        #expect(cameras.map(\.id) == ["/dev/video0"])
        #expect(cameras.first?.name == "Integrated Camera")
    }

    @Test func pipeWireOnlyCamerasAreListedByObjectSerial() {
        // Inside a sandbox only PipeWire sees the camera.
        let cameras = CameraCatalog.cameras(from: [pipewire(serial: "58", path: "/dev/video0")])
        #expect(cameras.map(\.id) == ["pipewire:58"])
    }

    @Test func libcameraOnlyCamerasAreListedByCameraName() {
        let sensor = DeviceRecord(displayName: "/base/soc/i2c0mux/i2c@1/imx219@10", deviceClass: "Source/Video",
                                  modes: [CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, format: "NV12")],
                                  libcameraName: "/base/soc/i2c0mux/i2c@1/imx219@10")
        #expect(CameraCatalog.cameras(from: [sensor]).map(\.id) == ["libcamera:/base/soc/i2c0mux/i2c@1/imx219@10"])
    }

    /// vimc (and a phone's camera): libcamera lists "Sensor B"; the capture
    /// node at the end of its pipeline (V4L2_CAP_IO_MC) is the same camera.
    @Test func aMediaControllerNodeIsLeftToLibcamera() {
        let node = v4l2("/dev/video2", card: "RGB/YUV Capture", driver: "vimc", deviceCaps: "24200001", vendor: "", product: "")
        let sensor = DeviceRecord(displayName: "platform/vimc.0 Sensor B", deviceClass: "Source/Video",
                                  modes: [CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 0, format: "RGB")],
                                  libcameraName: "platform/vimc.0 Sensor B")
        #expect(CameraCatalog.cameras(from: [node, sensor]).map(\.id) == ["libcamera:platform/vimc.0 Sensor B"])
        // Without libcamera the node is all there is: kept.
        #expect(CameraCatalog.cameras(from: [node]).map(\.id) == ["/dev/video2"])
        // GStreamer's own v4l2 provider names the capabilities differently, in decimal (as in the VM).
        let gstreamerNode = DeviceRecord(displayName: "RGB/YUV Capture",
                                         properties: ["device.path": "/dev/video2", "v4l2.device.driver": "vimc",
                                                      "v4l2.device.device_caps": "606076929"],
                                         modes: [CameraMode(size: PixelSize(width: 640, height: 480), framesPerSecond: 0, format: "RGB")])
        #expect(CameraCatalog.cameras(from: [gstreamerNode, sensor]).map(\.id) == ["libcamera:platform/vimc.0 Sensor B"])
    }

    @Test func loopbackMetadataMemoryToMemoryAndInfraredNodesAreLeftOut() {
        let loopback = v4l2("/dev/video10", card: "Dummy video device (0x0000)", driver: "v4l2 loopback", vendor: "", product: "")
        let obs = v4l2("/dev/video11", card: "OBS Virtual Camera", driver: "v4l2 loopback", vendor: "", product: "")
        let metadata = v4l2("/dev/video1", deviceCaps: "04a00000", modes: [])
        let codec = v4l2("/dev/video12", card: "bcm2835-codec-decode", driver: "bcm2835-codec", deviceCaps: "04204000")
        let infraredByFormat = v4l2("/dev/video2", card: "Integrated IR Webcam", vendor: "0x04f2", product: "0xb6da",
                                    modes: [CameraMode(size: PixelSize(width: 640, height: 360), framesPerSecond: 15, format: "GRAY8")])
        let infraredByName = v4l2("/dev/video4", card: "Integrated Camera IR Camera", modes: yuyv)
        let real = v4l2("/dev/video0")
        let cameras = CameraCatalog.cameras(from: [loopback, obs, metadata, codec, infraredByFormat, infraredByName, real])
        #expect(cameras.map(\.id) == ["/dev/video0"])
    }

    @Test func capabilitiesAreReadAsHexOrNumbers() {
        #expect(CameraCatalog.deviceCapabilities(v4l2("/dev/video0", deviceCaps: "04200001")) == 0x0420_0001)
        #expect(CameraCatalog.deviceCapabilities(v4l2("/dev/video0", deviceCaps: "0x04a00000")) == 0x04a0_0000)
        #expect(CameraCatalog.deviceCapabilities(v4l2("/dev/video0", deviceCaps: "1")) == 1)
    }

    @Test func facingComesFromLocationUSBPortOrName() {
        #expect(CameraCatalog.facing(of: pipewire(serial: "1", path: nil, location: "back")) == .back)
        #expect(CameraCatalog.facing(of: pipewire(serial: "1", path: nil, location: "front")) == .front)
        #expect(CameraCatalog.facing(of: pipewire(serial: "1", path: nil, name: "USB Cam", location: "external")) == .external)
        #expect(CameraCatalog.facing(of: v4l2("/dev/video0", card: "HD Webcam C270", removable: "fixed")) == .front)
        #expect(CameraCatalog.facing(of: v4l2("/dev/video0", card: "HD Webcam C270", removable: "removable")) == .external)
        #expect(CameraCatalog.facing(of: v4l2("/dev/video0", card: "HD Webcam C270")) == .external)
        #expect(CameraCatalog.facing(of: v4l2("/dev/video0", card: "Integrated_Webcam_HD: Integrate")) == .front)
    }

    @Test func frontCamerasComeFirstAndTwoRealCamerasStayTwo() {
        let usb = v4l2("/dev/video2", card: "HD Pro Webcam C920", vendor: "0x046d", product: "0x082d", modes: mjpeg, removable: "removable")
        let builtIn = v4l2("/dev/video0", card: "Chicony USB2.0 Camera: Chicony", modes: yuyv, removable: "fixed")
        let cameras = CameraCatalog.cameras(from: [usb, builtIn])
        #expect(cameras.map(\.id) == ["/dev/video0", "/dev/video2"])
        #expect(cameras.map(\.facing) == [.front, .external])
    }

    @Test func repeatedHalfOfUVCCardNamesIsDropped() {
        #expect(CameraCatalog.displayName(v4l2("/dev/video0", card: "Integrated Camera: Integrated C")) == "Integrated Camera")
        #expect(CameraCatalog.displayName(v4l2("/dev/video0", card: "HD Pro Webcam C920")) == "HD Pro Webcam C920")
    }

    @Test func devicesWithoutAPictureWeCanShowAreLeftOut() {
        let bayerOnly = DeviceRecord(displayName: "unicam", properties: ["api.v4l2.path": "/dev/video0", "api.v4l2.cap.driver": "unicam"], modes: [])
        #expect(CameraCatalog.cameras(from: [bayerOnly]).isEmpty)
    }

    @Test func aNodeRefusedToThisUserIsStillListedSoStartingItSaysNoPermission() throws {
        let refused = try #require(VideoNodeScan.record(
            devicePath: "/dev/video0", sysfsName: "vivid-000-vid-cap", sysfsIndex: "0", openErrno: EACCES))
        #expect(refused.accessDenied)
        let cameras = CameraCatalog.cameras(from: [refused])
        #expect(cameras.map(\.id) == ["/dev/video0"])
        #expect(cameras.first?.name == "vivid-000-vid-cap")
        #expect(cameras.first?.modes == [])
    }

    @Test func onlyPermissionRefusalsOfAFirstNodeBecomeRecords() {
        #expect(VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: "cam", sysfsIndex: "0", openErrno: EPERM) != nil)
        #expect(VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: nil, sysfsIndex: nil, openErrno: EACCES)?.displayName == "/dev/video0")
        // An opened node the providers skipped, a busy one, or a UVC metadata node (index 1): not ours to add.
        #expect(VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: "cam", sysfsIndex: "0", openErrno: 0) == nil)
        #expect(VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: "cam", sysfsIndex: "0", openErrno: EBUSY) == nil)
        #expect(VideoNodeScan.record(devicePath: "/dev/video1", sysfsName: "cam", sysfsIndex: "1", openErrno: EACCES) == nil)
    }

    @Test func twoRefusedNodesOfOneModelStayTwoCameras() {
        let first = VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: "HD Webcam", sysfsIndex: "0", openErrno: EACCES)
        let second = VideoNodeScan.record(devicePath: "/dev/video2", sysfsName: "HD Webcam", sysfsIndex: "0", openErrno: EACCES)
        #expect(CameraCatalog.cameras(from: [first, second].compactMap { $0 }).map(\.id) == ["/dev/video0", "/dev/video2"])
    }

    @Test func aRefusedNodeTheProvidersAlsoListIsListedOnce() {
        let refused = VideoNodeScan.record(devicePath: "/dev/video0", sysfsName: "Integrated C", sysfsIndex: "0", openErrno: EACCES)
        let cameras = CameraCatalog.cameras(from: [v4l2("/dev/video0")] + [refused].compactMap { $0 })
        #expect(cameras.map(\.id) == ["/dev/video0"])
        #expect(cameras.first?.modes.isEmpty == false)
    }

    @Test func aLoopbackCameraIsUsedWhenNamedButNeverListed() {
        let loopback = v4l2("/dev/video10", card: "Loopback MJPEG", driver: "v4l2 loopback", vendor: "", product: "", modes: mjpeg)
        let records = [loopback, v4l2("/dev/video0")]
        #expect(CameraCatalog.cameras(from: records).map(\.id) == ["/dev/video0"])
        let named = CameraCatalog.namedCamera(devicePath: "/dev/video10", from: records)
        #expect(named?.id == "/dev/video10")
        #expect(named?.modes == mjpeg)
        // A named node must still be a capture node: an output-only loopback (no writer yet, exclusive_caps) is not.
        let outputOnly = v4l2("/dev/video11", card: "Loopback", driver: "v4l2 loopback", deviceCaps: "04200002", modes: mjpeg)
        #expect(CameraCatalog.namedCamera(devicePath: "/dev/video11", from: [outputOnly]) == nil)
        #expect(CameraCatalog.namedCamera(devicePath: "/dev/video12", from: records) == nil)
    }

    @Test func anUnlistedNodeIsUsedOnlyWhenItIsAVideoCharacterDevice() {
        #expect(VideoNodeScan.unlistedNode(devicePath: "/dev/null") == nil)
        #expect(VideoNodeScan.unlistedNode(devicePath: "/dev/video-squarecam-missing") == nil)
        #expect(VideoNodeScan.unlistedNode(devicePath: "/dev/video0/../null") == nil)
    }
}
