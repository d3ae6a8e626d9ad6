import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// Where `shoot` and `devices` get their cameras, by the camera access rules:
/// the test pattern and image files ask nobody; otherwise the system's
/// provider, and through the camera portal access is asked for straight away
/// (the portal answers from its stored answer, or shows its dialog).
enum CommandCameras {
    /// A command ends here with this code; what went wrong has been printed.
    struct CommandExit: Error {
        let code: ExitCode
        init(_ code: ExitCode) { self.code = code }
    }

    /// Cameras that may be used, and the provider they came from.
    struct Access {
        let provider: any CameraProvider
        let cameras: [CameraDescription]
    }

    /// The provider for `spec` and its cameras; on refusal or failure the
    /// reason has been printed and the exit code is thrown.
    static func access(for spec: CameraSpec) async throws(CommandExit) -> Access {
        switch spec {
        case .test(let size, let rate):
            return Access(provider: VirtualCameraProvider.testPattern(size: size, framesPerSecond: rate),
                          cameras: [TestCamera.description(size: size, framesPerSecond: rate)])
        case .file(let path):
            return Access(provider: VirtualCameraProvider.imageFile(path: path), cameras: [TestCamera.imageFile(path: path)])
        case .auto, .device:
            break
        }
        let provider: any CameraProvider
        do {
            provider = try SystemCameraProvider.make()
        } catch {
            Console.report(error.description)
            throw CommandExit(ShootCommand.exitCode(for: error))
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
            Console.report(PortalCameraProvider.deniedAdvice)
            throw CommandExit(.permissionDenied)
        case .restricted:
            Console.report(PortalCameraProvider.restrictedAdvice)
            throw CommandExit(.permissionDenied)
        case .notDetermined:
            Console.report("The camera portal did not answer (\(provider.lastAccessProblem ?? "no reason given")) Try again; if it keeps failing, restart xdg-desktop-portal (systemctl --user restart xdg-desktop-portal).")
            throw CommandExit(.cameraFailed)
        }
        do {
            return try await provider.cameras()
        } catch let failure as CameraFailure {
            Console.report(failure.description)
            throw CommandExit(ShootCommand.exitCode(for: failure))
        } catch {
            Console.report(String(describing: error))
            throw CommandExit(.failure)
        }
    }
}
