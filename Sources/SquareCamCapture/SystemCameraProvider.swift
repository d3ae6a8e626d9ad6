import FoundationEssentials
import SquareCamCore

/// Picks where this process's cameras come from, by the camera access rules:
/// the camera portal when the session has one; direct V4L2/libcamera when
/// there is no session bus or no camera portal on it; inside a Flatpak the
/// portal only.
public enum SystemCameraProvider {
    /// The file every Flatpak sandbox has, and no host system does.
    static let flatpakInfoPath = "/.flatpak-info"

    /// Which provider the rules pick.
    public enum Choice: Hashable, Sendable {
        case portal
        case direct
        /// Sandboxed without a camera portal: `CameraFailure.portalUnavailable`.
        case unavailable
    }

    /// The rules, as a pure function.
    public static func choose(status: CameraPortalStatus, sandboxed: Bool) -> Choice {
        if case .available = status { return .portal }
        return sandboxed ? .unavailable : .direct
    }

    /// Whether this process runs inside a Flatpak sandbox.
    public static var isSandboxed: Bool { FileManager.default.fileExists(atPath: flatpakInfoPath) }

    /// The provider for this session. Throws `CameraFailure.portalUnavailable`
    /// inside a sandbox without a camera portal.
    /// `portalListing`: how a portal provider lists its cameras.
    public static func make(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        configuration: CameraConfiguration = CameraConfiguration(),
        sandboxed: Bool = isSandboxed,
        portalListing: PortalCameraProvider.Listing = .inProcess
    ) throws(CameraFailure) -> any CameraProvider {
        let (portal, status) = CameraPortal.connect(environment: environment)
        switch choose(status: status, sandboxed: sandboxed) {
        case .portal:
            guard let portal else { throw .portalUnavailable }
            return PortalCameraProvider(portal: portal, configuration: configuration, listing: portalListing, environment: environment)
        case .direct:
            return DirectCameraProvider(configuration: configuration)
        case .unavailable:
            throw .portalUnavailable
        }
    }
}
