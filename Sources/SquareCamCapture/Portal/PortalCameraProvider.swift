import FoundationEssentials
import Synchronization
import SquareCamCore

/// Cameras behind the XDG camera portal: access is the portal's answer, and
/// the cameras are the nodes on the PipeWire connection it hands out
/// (`OpenPipeWireRemote`), streamed with `pipewiresrc fd=… target-object=…`.
///
/// Nothing here connects to PipeWire except through a remote the portal gave,
/// and the portal gives one only while its stored answer is "yes": after a
/// "no" nothing reaches the camera. Every list, watch and camera gets a
/// remote of its own (see `PipeWireDeviceList`).
public final class PortalCameraProvider: CameraProvider {
    public let kind = "portal"
    public let portal: CameraPortal
    /// How cameras from `openCamera` stream.
    public let configuration: CameraConfiguration
    private let problem = Mutex<String?>(nil)
    /// A listing begun by `listAhead()`, until the first `cameras()` takes it.
    private let early = Mutex<Task<[CameraDescription]?, Never>?>(nil)

    /// The camera a failure of the portal or of its PipeWire connection is
    /// about: any of them (`CameraFailure` names one).
    public static let anyCamera = "on this computer"

    /// Where to change a refused answer, in one sentence (the CLI prints it; the app may show it).
    public static let deniedAdvice =
        "The camera portal refused SquareCam the camera: allow it in Settings › Privacy › Camera, or forget the refusal with `\(forgetRefusalCommand)` and try again."
    /// A command that deletes the stored answer for host apps, so the portal asks again
    /// (for desktops without camera privacy settings; gdbus comes with GLib).
    public static let forgetRefusalCommand =
        "gdbus call --session --dest org.freedesktop.impl.portal.PermissionStore --object-path /org/freedesktop/impl/portal/PermissionStore --method org.freedesktop.impl.portal.PermissionStore.DeletePermission devices camera ''"
    public var forgetRefusalCommand: String? { Self.forgetRefusalCommand }
    /// What to do when the portal did not answer, or failed otherwise.
    public static let unansweredAdvice =
        "Try again; if it keeps failing, restart xdg-desktop-portal (systemctl --user restart xdg-desktop-portal)."
    /// What to say when a policy forbids the camera.
    public static let restrictedAdvice =
        "A system policy (the desktop's lockdown setting) disables the camera: ask the administrator of this computer to allow it."

    /// Where the list of cameras is taken.
    public enum Listing: Sendable, Hashable {
        /// Here, through GStreamer's PipeWire device provider (the command line).
        case inProcess
        /// In `squarecam-gst devices --json` at this path (the app: see `CameraListHelper`).
        case helper(program: String)
    }

    public let listing: Listing
    /// The session a helper lists in (its D-Bus address reaches the same portal).
    let environment: [String: String]

    public init(portal: CameraPortal, configuration: CameraConfiguration = CameraConfiguration(), listing: Listing = .inProcess,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.portal = portal
        self.configuration = configuration
        self.listing = listing
        self.environment = environment
    }

    /// Why the last `requestAccess()` got no answer (cancelled, the portal failed); nil when it did.
    public var lastAccessProblem: String? { problem.withLock { $0 } }

    /// The portal's stored answer for this app: "yes" → authorized, "no" →
    /// denied, "ask" or none → not determined. A store that cannot be read
    /// (inside a sandbox it never can) counts as not determined. A lockdown
    /// shows only when asking (`.restricted`).
    /// The portal's `IsCameraPresent` (x-d-p 1.16: a snapshot from its start).
    public func hasCameras() async -> Bool? { portal.isCameraPresent() }

    public func authorizationStatus() async -> CameraAuthorization {
        switch try? portal.storedAnswer() {
        case .yes: .authorized
        case .no: .denied
        case .ask, nil: .notDetermined
        }
    }

    /// `AccessCamera`: the portal answers from its stored answer or asks the
    /// user in its dialog. `.notDetermined` when nobody answered (the task was
    /// cancelled, the portal failed: see `lastAccessProblem`).
    public func requestAccess() async -> CameraAuthorization {
        let answer = await portal.accessCamera()
        let result: CameraAuthorization
        var detail: String?
        switch answer {
        case .granted: result = .authorized
        case .denied: result = .denied
        case .restricted: result = .restricted
        case .unanswered(let reason):
            result = .notDetermined
            detail = reason
        }
        problem.withLock { $0 = detail }
        return result
    }

    /// The camera nodes the portal lets this app see, now. Before access is
    /// granted (stored "yes") the portal opens nothing: `.permissionDenied`.
    /// An empty list is asked again on fresh remotes for up to `grantSeconds`:
    /// WirePlumber grants a new portal connection its camera nodes a moment
    /// after it connects, and a list taken before that is empty (seen in the
    /// tests right after PipeWire restarted).
    public func cameras() async throws -> [CameraDescription] {
        if let early = early.withLock({ $0.take() }), let listed = await early.value { return listed }
        // A helper is `squarecam-gst devices`, which asks again itself.
        guard case .inProcess = listing else { return try listOnce() }
        let deadline = ContinuousClock.now + .milliseconds(Int(Self.grantSeconds * 1000))
        while true {
            let cameras = try listOnce()
            if !cameras.isEmpty || ContinuousClock.now >= deadline { return cameras }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Begins listing the cameras in the background when the portal's
    /// stored answer already lets this app use them (nothing is asked), for
    /// the first `cameras()` to take. The app calls it as it starts: through
    /// a helper a listing takes about as long as GTK's start and the window's,
    /// so the list is there when the window asks for it, instead of being
    /// begun then. Without a stored "yes", or if it fails, the first
    /// `cameras()` lists as always.
    public func listAhead() {
        let task = Task.detached { [self] () -> [CameraDescription]? in
            guard (try? portal.storedAnswer()) == .yes else { return nil }
            return try? listOnce()
        }
        early.withLock { $0 = task }
    }

    /// The cameras now, taken once as `listing` says, on a remote of its own.
    func listOnce() throws(CameraFailure) -> [CameraDescription] {
        switch listing {
        case .inProcess:
            let remote = try openRemote(for: Self.anyCamera)
            guard let list = PipeWireDeviceList(remote: remote) else { throw Self.missingPlugin }
            return Self.cameras(from: list.currentDevices())
        case .helper(let program):
            return try CameraListHelper.cameras(program: program, environment: environment)
        }
    }

    /// How long an empty camera list is asked again (see `cameras()`).
    static let grantSeconds = 4.0

    /// Watches the PipeWire connection itself (x-d-p 1.16 does not signal
    /// camera changes): the first call is the list when watching starts;
    /// PipeWire going away empties the list, and a new remote is asked for
    /// until PipeWire is back.
    public func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        PortalCameraWatch(provider: self, knowing: nil, handler: handler)
    }

    /// The same, its first list `listed` when the first connection sees as many camera nodes.
    public func watchCameras(knowing listed: [CameraDescription],
                             _ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        PortalCameraWatch(provider: self, knowing: listed, handler: handler)
    }

    /// A camera streaming through a remote of its own, not yet started; it
    /// fails with `.disconnected` when PipeWire goes away (`PortalCamera`).
    public func openCamera(_ camera: CameraDescription) throws -> any Camera {
        try openPortalCamera(camera)
    }

    /// `openCamera` with the concrete type.
    public func openPortalCamera(_ camera: CameraDescription, configuration: CameraConfiguration? = nil) throws -> PortalCamera {
        let remote = try openRemote(for: camera.name)
        let streaming = try GStreamerCamera(description: camera, configuration: configuration ?? self.configuration, pipeWireRemote: remote)
        return PortalCamera(camera: streaming, remote: remote)
    }

    /// The bare pipeline, for a short-lived user such as `squarecam shoot` (which
    /// reads its active mode and timings), streaming as `configuration` says
    /// (the provider's when nil). It does not notice PipeWire going away.
    public func openGStreamerCamera(_ camera: CameraDescription, configuration: CameraConfiguration? = nil) throws -> GStreamerCamera {
        let remote = try openRemote(for: camera.name)
        return try GStreamerCamera(description: camera, configuration: configuration ?? self.configuration, pipeWireRemote: remote)
    }

    private func openRemote(for camera: String) throws(CameraFailure) -> PipeWireRemote {
        do {
            return try portal.openPipeWireRemote()
        } catch {
            switch error {
            case .notAllowed:
                throw .permissionDenied(camera: camera)
            case .noPipeWire(let reason):
                throw .pipeWireUnreachable(reason: reason)
            case .failed:
                throw .failed(camera: camera, detail: "\(error). \(Self.unansweredAdvice)")
            }
        }
    }

    static let missingPlugin = CameraFailure.failed(
        camera: "PipeWire", detail: "GStreamer's PipeWire plugin is missing. Install gstreamer1.0-pipewire (scripts/install-deps.sh).")

    /// The portal's nodes as cameras. Sizes beyond 16384 per side are left
    /// out: they are the ends of a size range, not modes (PipeWire's own
    /// nodes offer [1, 2147483647]).
    static func cameras(from records: [DeviceRecord]) -> [CameraDescription] {
        CameraCatalog.cameras(from: records).map { camera in
            var camera = camera
            camera.modes = camera.modes.filter { $0.size.width <= maximumSide && $0.size.height <= maximumSide }
            return camera
        }
    }

    static let maximumSide = 16384
}
