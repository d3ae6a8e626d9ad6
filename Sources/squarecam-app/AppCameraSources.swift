import SquareCamCapture
import SquareCamCodes
import SquareCamCommandLine
import SquareCamController
import SquareCamCore
import SquareCamImaging

/// Where the app's cameras come from, for `--camera`: the system's cameras
/// by the camera access rules (the camera portal where the session has one,
/// else V4L2/libcamera directly; inside a Flatpak the portal only), the first
/// or the one named; the test pattern; or an image file. "Use Test Pattern"
/// always has the test pattern to switch to.
enum AppCameraSources {
    static func forArgument(_ argument: String?) throws(CameraSpecError) -> CaptureController.Sources {
        let testPattern = VirtualCameraProvider.testPattern()
        var sources: CaptureController.Sources
        switch try CameraSpec(parsing: argument ?? "auto") {
        case .auto:
            sources = .init(cameras: system(), testPattern: testPattern)
        case .test(let size, let rate, let flashes):
            sources = .init(cameras: VirtualCameraProvider.testPattern(size: size, framesPerSecond: rate, flashes: flashes),
                            testPattern: testPattern)
        case .file(let path):
            sources = .init(cameras: VirtualCameraProvider.imageFile(path: path), testPattern: testPattern)
        case .device(let id):
            sources = .init(cameras: system(namedCameraID: id), testPattern: testPattern, preferredCameraID: id)
        }
        // What a killed run left in the videos folder is made playable at the next start.
        sources.recoverRecordings = { RecordingFile.recoverAll(inFolder: $0) }
        sources.displayScaler = FrameScaling.rgba
        // Without zbar the app works as before, with no code bar.
        if let reader = try? CodeReader() {
            sources.readCodes = { frame in reader.codes(in: frame).map(\.text) }
        }
        // dlib's detector (its model unpacked at the first look, not at start).
        sources.findFaces = FaceDetector.boxesForFollowing
        return sources
    }

    private static func system(namedCameraID: String? = nil) -> any CameraProvider {
        do {
            // A crash of GStreamer's PipeWire lister takes a helper down, not the app.
            let helper = SiblingProgram.path(of: "squarecam-gst")
            let provider = try SystemCameraProvider.make(portalListing: helper.map { .helper(program: $0) } ?? .inProcess)
            // Listed while GTK starts and the window is built, where the portal already said yes.
            (provider as? PortalCameraProvider)?.listAhead()
            guard provider is DirectCameraProvider, let namedCameraID else { return provider }
            return DirectCameraProvider(namedCameraID: namedCameraID)
        } catch {
            return UnreachableCameraProvider(error)
        }
    }
}
