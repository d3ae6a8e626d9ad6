@testable import SquareCamCapture
import SquareCamCore
import Testing

struct CameraSpecTests {
    @Test func parsesEveryKind() throws {
        #expect(try CameraSpec(parsing: "auto") == .auto)
        #expect(try CameraSpec(parsing: " test ") == .test(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30))
        #expect(try CameraSpec(parsing: "test:640x480") == .test(size: PixelSize(width: 640, height: 480), framesPerSecond: 30))
        #expect(try CameraSpec(parsing: "test:3840x2160@15") == .test(size: PixelSize(width: 3840, height: 2160), framesPerSecond: 15))
        #expect(try CameraSpec(parsing: "file:/tmp/a b.jpg") == .file(path: "/tmp/a b.jpg"))
        #expect(try CameraSpec(parsing: "/dev/video0") == .device(id: "/dev/video0"))
        #expect(try CameraSpec(parsing: "pipewire:42") == .device(id: "pipewire:42"))
        #expect(try CameraSpec(parsing: "test:sync") == .test(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, flashes: true))
        #expect(try CameraSpec(parsing: "test:640x480@25:sync") == .test(size: PixelSize(width: 640, height: 480), framesPerSecond: 25, flashes: true))
        #expect(CameraSource(id: "test:sync") == .testPattern(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, flashes: true))
    }

    @Test(arguments: ["test:640x480@15", "auto", "file:/x/y.png", "/dev/video2", "test:2x2@1", "test:640x480@15:sync"])
    func descriptionParsesBack(text: String) throws {
        #expect(try CameraSpec(parsing: text).description == text)
    }

    @Test func rejectsBadSpecsWithTypedErrors() {
        #expect(throws: CameraSpecError.empty) { try CameraSpec(parsing: "  ") }
        #expect(throws: CameraSpecError.badTestMode("640")) { try CameraSpec(parsing: "test:640") }
        #expect(throws: CameraSpecError.badTestMode("640x480@")) { try CameraSpec(parsing: "test:640x480@") }
        #expect(throws: CameraSpecError.badTestMode("axb")) { try CameraSpec(parsing: "test:axb") }
        #expect(throws: CameraSpecError.badTestMode("1x2x3")) { try CameraSpec(parsing: "test:1x2x3") }
        #expect(throws: CameraSpecError.testSizeOutOfRange(PixelSize(width: 0, height: 480))) { try CameraSpec(parsing: "test:0x480") }
        #expect(throws: CameraSpecError.testSizeOutOfRange(PixelSize(width: 9000, height: 480))) { try CameraSpec(parsing: "test:9000x480") }
        #expect(throws: CameraSpecError.testRateOutOfRange(0)) { try CameraSpec(parsing: "test:640x480@0") }
        #expect(throws: CameraSpecError.emptyFilePath) { try CameraSpec(parsing: "file:") }
        #expect(throws: CameraSpecError.badTestMode("sync:640x480")) { try CameraSpec(parsing: "test:sync:640x480") }
    }

    @Test func errorMessagesAreOneSentenceSayingWhatToDo() {
        let errors: [CameraSpecError] = [
            .empty, .badTestMode("x"), .testSizeOutOfRange(PixelSize(width: 0, height: 0)), .testRateOutOfRange(0),
            .emptyFilePath, .unknownDevice(id: "/dev/video9", known: []), .unknownDevice(id: "x", known: ["/dev/video0"]),
        ]
        for error in errors {
            let text = error.description
            #expect(text.hasSuffix(".") || text.hasSuffix(")."), "\(text)")
            #expect(!text.dropLast().contains(". "), "more than one sentence: \(text)")
        }
    }

    @Test func cameraIdsDecodeToSources() {
        #expect(CameraSource(id: "test") == .testPattern(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30))
        #expect(CameraSource(id: "/dev/video3") == .v4l2(devicePath: "/dev/video3"))
        #expect(CameraSource(id: "pipewire:77") == .pipewire(objectSerial: "77", fd: nil))
        #expect(CameraSource(id: "libcamera:\\_SB_.PCI0-1:1.0-046d:0825") == .libcamera(cameraName: "\\_SB_.PCI0-1:1.0-046d:0825"))
        #expect(CameraSource(id: "file:/a.jpg") == .imageFile(path: "/a.jpg"))
        #expect(CameraSource(id: "nonsense") == nil)
        #expect(CameraSource(id: "pipewire:") == nil)
        for source in [CameraSource.v4l2(devicePath: "/dev/video1"), .pipewire(objectSerial: "5", fd: nil), .libcamera(cameraName: "cam"),
                       .testPattern(size: PixelSize(width: 64, height: 48), framesPerSecond: 5), .imageFile(path: "/p.png")] {
            #expect(CameraSource(id: source.id) == source)
        }
    }

    @Test func launchTextQuotesPathsSafely() {
        let description = PipelineDescription(source: .v4l2(devicePath: "/dev/a \"b\" \\c"), mode: nil)
        #expect(description.launchText.contains(#"device="/dev/a \"b\" \\c""#))
    }

    /// A file camera's image comes decoded, through appsrc: no path, no GStreamer decoder.
    @Test func fileCameraIsAnAppsrcOfTheDecodedImage() {
        var description = PipelineDescription(source: .imageFile(path: "/tmp/photo.heic"), mode: nil)
        description.imageFormat = ImageFileSource.Format(size: PixelSize(width: 600, height: 400), videoFormat: "RGB")
        description.hasViewfinder = false
        #expect(description.launchText == "appsrc name=imagefile format=time caps=\"video/x-raw,format=RGB,width=600,height=400,framerate=0/1,pixel-aspect-ratio=1/1\""
            + " ! imagefreeze is-live=true ! video/x-raw,framerate=30/1 ! appsink name=still caps=video/x-raw max-buffers=1 drop=true sync=false async=false")
    }

    @Test func motionJPEGModesAreDecoded() {
        let mode = CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, format: "MJPG")
        let text = PipelineDescription(source: .v4l2(devicePath: "/dev/video0"), mode: mode).launchText
        #expect(text.contains("image/jpeg,width=1920,height=1080,framerate=30/1 ! jpegdec"))
        let raw = CameraMode(size: PixelSize(width: 640, height: 480), framesPerSecond: 29.97, format: "YUY2")
        let rawText = PipelineDescription(source: .v4l2(devicePath: "/dev/video0"), mode: raw).launchText
        #expect(rawText.contains("video/x-raw,format=YUY2,width=640,height=480,framerate=30000/1001"))
    }
}

extension CameraSpecTests {
    /// `squarecam shoot` has no viewfinder: its pipeline is the source and the
    /// still sink, nothing between (no tee, queue threads or valve to start).
    @Test func headlessPipelineIsTheSourceAndTheStillSinkOnly() throws {
        var description = PipelineDescription(source: .testPattern(size: PixelSize(width: 640, height: 480), framesPerSecond: 30), mode: nil)
        description.hasViewfinder = false
        let text = description.launchText
        #expect(text == PipelineDescription.testPattern(size: PixelSize(width: 640, height: 480), framesPerSecond: 30)
            + " ! appsink name=still caps=video/x-raw max-buffers=1 drop=true sync=false async=false")
        _ = try GStreamerPipeline(launch: text)
        description.hasViewfinder = true
        #expect(description.launchText.contains("tee name=split") && description.launchText.contains("name=viewfinder "))
    }

    @Test func libcameraModesLeaveTheRateToTheCamera() {
        let mode = CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, format: "NV12")
        let text = PipelineDescription(source: .libcamera(cameraName: "imx219"), mode: mode).launchText
        #expect(text.hasPrefix("libcamerasrc camera-name=\"imx219\" ! video/x-raw,format=NV12,width=1920,height=1080 ! tee"))
    }

    /// WirePlumber 0.4.13 destroys the link of a pipewiresrc stream whose
    /// media type it cannot tell, and that type comes from the caps after it.
    @Test func pipeWireSourcesAlwaysStateVideoCapsRightAfterThem() throws {
        for fd: Int32? in [nil, 42] {
            let bare = PipelineDescription(source: .pipewire(objectSerial: "57", fd: fd), mode: nil).launchText
            let source = fd == nil ? "pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true target-object=\"57\"" : "pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true target-object=\"57\" fd=42"
            #expect(bare.hasPrefix(source + " ! capsfilter caps=\"video/x-raw;image/jpeg\" ! decodebin ! videoconvert ! tee"))
            // The text must be one GStreamer parses (the quotes keep the ";" inside the caps).
            _ = try GStreamerPipeline(launch: bare)
        }
        let raw = CameraMode(size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30, format: "UYVY")
        let rawText = PipelineDescription(source: .pipewire(objectSerial: "57", fd: nil), mode: raw).launchText
        #expect(rawText.hasPrefix("pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true target-object=\"57\" ! video/x-raw,format=UYVY,width=1920,height=1080,framerate=30/1 ! tee"))
        let jpeg = CameraMode(size: PixelSize(width: 1280, height: 720), framesPerSecond: 30, format: "MJPG")
        let jpegText = PipelineDescription(source: .pipewire(objectSerial: "57", fd: nil), mode: jpeg).launchText
        #expect(jpegText.hasPrefix("pipewiresrc name=pipewire always-copy=true max-buffers=4 do-timestamp=true target-object=\"57\" ! image/jpeg,width=1280,height=720,framerate=30/1 ! jpegdec ! tee"))
    }
}
