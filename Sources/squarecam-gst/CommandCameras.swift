import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// Where `shoot`, `record` and `devices` get their cameras, by the camera access rules:
/// the test pattern and image files ask nobody; otherwise the system's
/// provider, and through the camera portal access is asked for straight away
/// (the portal answers from its stored answer, or shows its dialog).
enum CommandCameras {
    /// A command ends here with this code; what went wrong has been printed.
    struct CommandExit: Error {
        let code: ExitCode
        /// What went wrong, when it was the camera (`devices --json` prints it).
        let problem: CameraListProblem?

        init(_ code: ExitCode) {
            self.code = code
            problem = nil
        }

        /// Prints what went wrong with the camera (`sentence`, else the
        /// failure's own); the failure's exit code.
        init(reporting failure: CameraFailure, saying sentence: String? = nil) {
            let problem = CameraListProblem(failure, saying: sentence)
            Console.report(problem.error)
            code = ExitCode(failure)
            self.problem = problem
        }
    }

    /// Cameras that may be used, and the provider they came from.
    struct Access {
        let provider: any CameraProvider
        let cameras: [CameraDescription]

        /// The camera `spec` names among those the provider gave; when it
        /// cannot be had, the reason has been printed and the exit code is thrown.
        func pick(_ spec: CameraSpec, requireCamera: Bool) throws(CommandExit) -> CameraDescription {
            switch spec {
            case .test, .file:
                if requireCamera { throw CommandExit(reporting: .noCamera) }
                return cameras[0]
            case .auto:
                if let first = cameras.first { return first }
                if requireCamera { throw CommandExit(reporting: .noCamera) }
                Console.report("warning: no camera found; using the test pattern (--require-camera makes this an error).")
                return TestCamera.description
            case .device(let id):
                if let match = cameras.first(where: { $0.id == id }) { return match }
                // Without a portal a node the list leaves out (a v4l2loopback camera) is used when named.
                do {
                    guard provider is DirectCameraProvider else {
                        throw CameraSpecError.unknownDevice(id: id, known: cameras.map(\.id))
                    }
                    return try CameraDirectory.resolve(.device(id: id)).description
                } catch {
                    Console.report((error as? CameraSpecError)?.description ?? String(describing: error))
                    throw CommandExit(.noCamera)
                }
            }
        }

        /// The camera, streaming through the portal's PipeWire connection when it came from there.
        func open(_ description: CameraDescription, _ configuration: CameraConfiguration) throws(CommandExit) -> GStreamerCamera {
            do {
                if let portal = provider as? PortalCameraProvider, description.facing != .virtual {
                    return try portal.openGStreamerCamera(description, configuration: configuration)
                }
                return try GStreamerCamera(description: description, configuration: configuration)
            } catch let failure as CameraFailure {
                throw CommandExit(reporting: failure)
            } catch let error as CameraSpecError {
                Console.report(error.description)
                throw CommandExit(.noCamera)
            } catch {
                Console.report(String(describing: error))
                throw CommandExit(.failure)
            }
        }
    }

    /// The provider for `spec` and its cameras; on refusal or failure the
    /// reason has been printed and the exit code is thrown.
    ///
    /// The portal's cameras are listed by this very program in a second
    /// process (`devices --json`, `CameraListHelper`), as the app lists them,
    /// unless `listingHere` (that second process itself): GStreamer's PipeWire
    /// device provider (0.3.65) can crash its process a moment after a
    /// listing while nodes and links come and go, and a command that goes on
    /// to stream must not be that process.
    static func access(for spec: CameraSpec, listingHere: Bool = false) async throws(CommandExit) -> Access {
        switch spec {
        case .test(let size, let rate, let flashes):
            return Access(provider: VirtualCameraProvider.testPattern(size: size, framesPerSecond: rate, flashes: flashes),
                          cameras: [TestCamera.description(size: size, framesPerSecond: rate, flashes: flashes)])
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                Console.report("There is no image at \(path) to use as a camera. Check the path after file:.")
                throw CommandExit(.noCamera)
            }
            return Access(provider: VirtualCameraProvider.imageFile(path: path), cameras: [TestCamera.imageFile(path: path)])
        case .auto, .device:
            break
        }
        let provider: any CameraProvider
        do {
            let helper = listingHere ? nil : SiblingProgram.ownExecutable()
            provider = try SystemCameraProvider.make(portalListing: helper.map { .helper(program: $0) } ?? .inProcess)
        } catch {
            throw CommandExit(reporting: error)
        }
        guard let portal = provider as? PortalCameraProvider else {
            return Access(provider: provider, cameras: CameraDirectory.realCameras())
        }
        return Access(provider: portal, cameras: try await askPortal(portal))
    }

    /// Asks the portal, then lists the cameras on its PipeWire connection.
    private static func askPortal(_ provider: PortalCameraProvider) async throws(CommandExit) -> [CameraDescription] {
        // A portal that sees no camera is not asked about one (no dialog for
        // nothing). It only counts before anything is stored: x-d-p 1.16's
        // answer is a snapshot from its start, so once allowed the PipeWire
        // connection's own list decides.
        if await provider.authorizationStatus() == .notDetermined, provider.portal.isCameraPresent() == false {
            return []
        }
        switch await provider.requestAccess() {
        case .authorized:
            break
        case .denied:
            throw CommandExit(reporting: .permissionDenied(camera: PortalCameraProvider.anyCamera), saying: PortalCameraProvider.deniedAdvice)
        case .restricted:
            throw CommandExit(reporting: .permissionRestricted(camera: PortalCameraProvider.anyCamera), saying: PortalCameraProvider.restrictedAdvice)
        case .notDetermined:
            let reason = provider.lastAccessProblem ?? "no reason given"
            throw CommandExit(reporting: .failed(camera: PortalCameraProvider.anyCamera, detail: "the camera portal did not answer (\(reason))."),
                              saying: "The camera portal did not answer (\(reason)) \(PortalCameraProvider.unansweredAdvice)")
        }
        do {
            return try await provider.cameras()
        } catch let failure as CameraFailure {
            throw CommandExit(reporting: failure)
        } catch {
            Console.report(String(describing: error))
            throw CommandExit(.failure)
        }
    }
}

extension ExitCode {
    /// The exit code for a camera that could not be had or failed.
    init(_ failure: CameraFailure) {
        switch failure {
        case .noCamera, .unknownCamera, .portalUnavailable: self = .noCamera
        case .permissionDenied, .permissionRestricted: self = .permissionDenied
        case .busy, .disconnected, .failed, .pipeWireUnreachable: self = .cameraFailed
        }
    }
}
