/// Which way a camera looks.
public enum CameraFacing: String, Sendable, Hashable, Codable {
    /// Looks at the user (a laptop webcam, a phone's selfie camera): the
    /// viewfinder is mirrored for display, the saved photo never is.
    case front
    /// Looks away from the user (a phone's main camera).
    case back
    /// A plugged-in camera whose direction is not known.
    case external
    /// Not a real camera: the test pattern or an image file.
    case virtual
}

/// One way a camera can stream: frame size, rate and wire format.
public struct CameraMode: Hashable, Sendable, Codable, CustomStringConvertible {
    public var size: PixelSize
    /// Frames per second; fractional rates such as 29.97 are kept.
    public var framesPerSecond: Double
    /// The camera's format name as GStreamer calls it: "YUY2", "NV12", "MJPG", …
    public var format: String

    public init(size: PixelSize, framesPerSecond: Double, format: String) {
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.format = format
    }

    public var description: String {
        let rate = framesPerSecond.rounded() == framesPerSecond
            ? String(Int(framesPerSecond)) : String(framesPerSecond)
        return "\(size)@\(rate) \(format)"
    }
}

/// A camera as listed to the user.
public struct CameraDescription: Hashable, Sendable, Codable {
    /// Stable id to pick this camera again (`--camera ID`).
    public var id: String
    /// A name a person recognises ("Integrated Webcam", "Test pattern").
    public var name: String
    public var facing: CameraFacing
    public var modes: [CameraMode]

    public init(id: String, name: String, facing: CameraFacing, modes: [CameraMode]) {
        self.id = id
        self.name = name
        self.facing = facing
        self.modes = modes
    }

    /// The side of the largest square any of its modes gives (a frame's short
    /// side); nil when its modes are not known.
    public var largestSquareSide: Int? {
        modes.map { min($0.size.width, $0.size.height) }.max()
    }
}

/// Why a camera could not start or stopped working. Each case says what to do.
public enum CameraFailure: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    case noCamera
    /// The user or the system refused access to this camera.
    case permissionDenied(camera: String)
    /// A policy (parental controls, an administrator) forbids the camera.
    case permissionRestricted(camera: String)
    /// Another program is using this camera.
    case busy(camera: String)
    /// The camera was unplugged or its driver went away while in use.
    case disconnected(camera: String)
    /// The camera exists but cannot stream: the detail is the driver's or GStreamer's words.
    case failed(camera: String, detail: String)
    /// A camera was asked for by an id (`--camera ID`) that no camera has.
    case unknownCamera(id: String)
    /// Inside a sandbox (Flatpak) cameras are reachable only through the camera portal, and there is none.
    case portalUnavailable
    /// The camera portal could not reach PipeWire, which carries every
    /// camera's picture on such a desktop (not running, or gone): `reason`
    /// is the portal's own words.
    case pipeWireUnreachable(reason: String)

    /// What starts PipeWire and its session manager in a systemd user
    /// session: the advice for `pipeWireUnreachable`.
    public static let startPipeWireCommand = "systemctl --user start pipewire wireplumber"

    public var description: String {
        switch self {
        case .noCamera:
            "No camera found. Connect a camera, or use the test pattern (--camera test)."
        case .permissionDenied(let camera):
            "No permission to use the camera \(camera). Allow it in Settings › Privacy › Camera, or add yourself to the 'video' group."
        case .permissionRestricted(let camera):
            "The camera \(camera) is restricted by a system policy. Ask the administrator of this computer to allow it."
        case .busy(let camera):
            "The camera \(camera) is in use by another program. Close that program and try again."
        case .disconnected(let camera):
            "The camera \(camera) was disconnected. Plug it in again and try again."
        case .failed(let camera, let detail):
            "The camera \(camera) failed: \(detail)"
        case .unknownCamera(let id):
            "No camera has the id '\(id)'."
        case .pipeWireUnreachable(let reason):
            "The camera portal could not reach PipeWire, which brings the cameras' pictures (\(reason)). Start PipeWire and WirePlumber (\(Self.startPipeWireCommand)), then try again."
        case .portalUnavailable:
            "SquareCam runs in a sandbox and can reach cameras only through the camera portal, which is not running. Install xdg-desktop-portal and your desktop's portal backend, log out and in again, then try again."
        }
    }
}

/// A live camera as the app and the command line drive it.
///
/// The GStreamer engine implements it for real cameras, the test pattern and
/// image files; tests implement it to put the app in any state. Everything
/// above this protocol is the same code whatever the camera.
public protocol Camera: AnyObject, Sendable {
    var cameraDescription: CameraDescription { get }

    /// Starts streaming; returns once the first frame has arrived.
    /// Throws `CameraFailure`.
    func start() async throws

    /// Stops streaming and releases the device. Safe to call twice.
    func stop() async

    /// The most recent full-resolution frame, taken at once (zero shutter lag).
    /// Throws `CameraFailure` when the camera is not live.
    func capturePhoto() async throws -> Frame

    /// Receives every viewfinder frame: the framing's square of the camera
    /// frame (`setFraming`; the centre square without one), scaled to
    /// `side`×`side` pixels, as a screen takes it (`ScreenPicture`), flipped
    /// left-right when `mirrored`. Called on a streaming thread; it
    /// must return quickly. A slow consumer makes frames drop, never stall the
    /// camera. `nil` stops delivery. A camera that holds a frame may hand it
    /// to a handler set while none was before this returns, on the caller's
    /// thread (GStreamerCamera does): the screen need not wait for the next one.
    func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?)

    /// Which square of each frame the viewfinder shows: `framing`'s, asked
    /// for every frame (which moves it along in time); nil for the centre square.
    func setFraming(_ framing: LiveFraming?)

    /// Called once when the camera fails while live (unplugged, driver error).
    func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?)

    /// Hands the analysis `name` (one per name: codes, faces) a small gray copy of the whole frame (not only the
    /// square: a code may be beside it) with the camera frame's size, at most
    /// `framesPerSecond` times a second, on a thread of its own; frames that
    /// come while it is busy are dropped, never the viewfinder's. `nil` stops that analysis.
    func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (_ frame: Frame, _ cameraFrameSize: PixelSize) -> Void)?)
}

extension Camera {
    /// A camera without an analysis path analyses nothing.
    public func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (_ frame: Frame, _ cameraFrameSize: PixelSize) -> Void)?) {}
}
