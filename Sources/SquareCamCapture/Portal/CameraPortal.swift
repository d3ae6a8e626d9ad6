#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FoundationEssentials
import Synchronization

/// Whether the xdg-desktop-portal camera portal can be used here.
public enum CameraPortalStatus: Hashable, Sendable, CustomStringConvertible {
    /// No D-Bus session bus (a headless machine, a plain SSH login): use the device directly.
    case noSessionBus
    /// A session bus, but no xdg-desktop-portal on it: use the device directly.
    case noPortal
    /// xdg-desktop-portal runs but offers no camera portal (built without
    /// PipeWire, or too old): use the device directly.
    case noCameraInterface
    /// The portal is there; `cameraPresent` is its `IsCameraPresent`.
    case available(cameraPresent: Bool)

    public var description: String {
        switch self {
        case .noSessionBus: "no D-Bus session bus, so no camera portal: cameras are opened directly"
        case .noPortal: "no xdg-desktop-portal on the session bus: cameras are opened directly"
        case .noCameraInterface: "xdg-desktop-portal has no camera portal: cameras are opened directly"
        case .available(let present): "camera portal available (camera present: \(present))"
        }
    }
}

/// What `AccessCamera` answered.
public enum CameraPortalAnswer: Hashable, Sendable {
    /// Response 0: allowed (stored "yes", or the user allowed it in the dialog).
    case granted
    /// Response 1 or 2: refused (stored "no", or refused or dismissed in the dialog).
    case denied
    /// `org.freedesktop.portal.Error.NotAllowed`: a lockdown policy disables the camera.
    case restricted
    /// Nobody answered: the asking was cancelled, or the portal failed (the detail says how).
    case unanswered(String)
}

/// Why `OpenPipeWireRemote` gave no remote.
public enum CameraPortalRemoteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The portal refuses (its stored answer is not "yes").
    case notAllowed
    /// The portal could not connect to PipeWire (not running): its own words.
    case noPipeWire(String)
    /// The portal did not answer, or failed otherwise.
    case failed(String)

    public var description: String {
        switch self {
        case .notAllowed: "the camera portal does not allow this app to use the camera"
        case .noPipeWire(let detail): "the camera portal could not reach PipeWire (\(detail))"
        case .failed(let detail): "the camera portal could not open PipeWire (\(detail))"
        }
    }
}

/// The xdg-desktop-portal camera portal (`org.freedesktop.portal.Camera`) on
/// a private session-bus connection. Every call is bounded by a timeout; only
/// asking waits long (a person answers a dialog), and that can be cancelled.
///
/// What xdg-desktop-portal 1.16 does, checked with harness/portal/session.py
/// (see CameraPortalSessionTests): a host app's id is "", so the stored answer
/// is the permission store's `devices`/`camera` entry for "". `AccessCamera`
/// answers from it without a dialog: "yes" → 0, "no" → 1. With no entry the
/// backend's AccessDialog is asked once and its answer stored: allow → 0 and
/// "yes"; deny → 1 and "no"; dismissed (2) → 1 and "no". With "ask" the dialog
/// is asked every time and nothing is stored, and `OpenPipeWireRemote` then
/// refuses (NotAllowed) even after an allow: only "yes" opens PipeWire.
/// A lockdown backend with `disable-camera` makes `AccessCamera` fail at once
/// with `org.freedesktop.portal.Error.NotAllowed` ("Camera access disabled"),
/// no dialog. `IsCameraPresent` is a snapshot: nodes added or removed later
/// leave it as it was; it turns false when PipeWire dies and stays false after
/// PipeWire restarts (until x-d-p restarts). With PipeWire down,
/// `OpenPipeWireRemote` fails with `org.freedesktop.portal.Error.Failed`.
public final class CameraPortal: Sendable {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let cameraInterface = "org.freedesktop.portal.Camera"
    static let requestInterface = "org.freedesktop.portal.Request"
    static let notAllowedError = "org.freedesktop.portal.Error.NotAllowed"
    /// What OpenPipeWireRemote answers when the portal cannot connect to PipeWire (x-d-p 1.16).
    static let failedError = "org.freedesktop.portal.Error.Failed"
    /// How long a plain D-Bus question may take before the portal counts as absent.
    static let callTimeout = Duration.milliseconds(1500)
    /// x-d-p may be D-Bus-activated on the first call: give it time to start.
    static let activationTimeout = Duration.seconds(5)

    let bus: DBusConnection

    private init(bus: DBusConnection) {
        self.bus = bus
    }

    /// Where the session bus is, from the environment as GIO finds it; nil when there is none.
    static func sessionBusAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            let socket = runtime + "/bus"
            var status = stat()
            if stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { return "unix:path=" + socket }
        }
        return nil
    }

    /// The portal on this session bus, when it has a camera portal; otherwise
    /// nil and the status saying why not. Answers within a few seconds at most.
    public static func connect(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (portal: CameraPortal?, status: CameraPortalStatus) {
        guard let address = sessionBusAddress(environment: environment),
              let bus = DBusConnection.open(address: address)
        else { return (nil, .noSessionBus) }
        guard busHasPortal(bus) else { return (nil, .noPortal) }
        let portal = CameraPortal(bus: bus)
        guard let present = portal.isCameraPresent() else { return (nil, .noCameraInterface) }
        return (portal, .available(cameraPresent: present))
    }

    /// Whether the camera portal can be used, decided within a few seconds.
    public static func status(environment: [String: String] = ProcessInfo.processInfo.environment) -> CameraPortalStatus {
        connect(environment: environment).status
    }

    /// Whether xdg-desktop-portal runs, or can be started, on this bus.
    private static func busHasPortal(_ bus: DBusConnection) -> Bool {
        let daemon = (name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus")
        if let owned = try? bus.call(daemon.name, path: daemon.path, interface: daemon.name, method: "NameHasOwner", [.string(busName)]),
           owned.first?.bool == true {
            return true
        }
        guard let reply = try? bus.call(daemon.name, path: daemon.path, interface: daemon.name, method: "ListActivatableNames"),
              let names = reply.first?.array
        else { return false }
        return names.contains { $0.string == busName }
    }

    /// The portal's `IsCameraPresent`; nil when it has no camera interface (or did not answer).
    public func isCameraPresent() -> Bool? {
        let reply = try? bus.call(
            Self.busName, path: Self.objectPath, interface: "org.freedesktop.DBus.Properties", method: "Get",
            [.string(Self.cameraInterface), .string("IsCameraPresent")], timeout: Self.activationTimeout, autoStart: true)
        return reply?.first?.bool
    }

    // MARK: Asking

    /// Asks for the camera (`AccessCamera`); the portal answers from its
    /// stored answer or shows its dialog. Waits up to `timeout` for a person;
    /// cancelling the task closes the portal's request and answers `.unanswered`.
    public func accessCamera(timeout: Duration = .seconds(300)) async -> CameraPortalAnswer {
        let token = "squarecam_\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(bus.uniqueName.dropFirst()).replacing(".", with: "_")
        let requestPath = Self.objectPath + "/request/\(sender)/\(token)"
        let outcome = AnswerSlot()
        // Watch for the Response before asking: the answer can come before the call returns.
        let watch: Int
        do {
            watch = try bus.watchSignal(sender: Self.busName, path: requestPath, interface: Self.requestInterface, member: "Response") { values in
                outcome.finish(Self.answer(fromResponse: values))
            }
        } catch {
            return .unanswered("the session bus refused to pass on the portal's answer (\(error)).")
        }
        defer { bus.stopWatching(watch) }
        let bus = bus
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<CameraPortalAnswer, Never>) in
                outcome.setWaiter(continuation)
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout.inMilliseconds))) {
                    outcome.finish(.unanswered("the camera portal did not answer within \(Int(timeout.inSeconds)) seconds."))
                }
                DispatchQueue.global().async {
                    Self.sendAccessCamera(on: bus, token: token, requestPath: requestPath, outcome: outcome)
                }
            }
        } onCancel: {
            outcome.finish(.unanswered("asking for the camera was cancelled."))
            // Closes the portal's dialog, if it shows one.
            DispatchQueue.global().async {
                _ = try? bus.call(Self.busName, path: requestPath, interface: Self.requestInterface, method: "Close")
            }
        }
    }

    /// Calls AccessCamera; its answer comes later, in the Response signal,
    /// unless the call itself fails.
    private static func sendAccessCamera(on bus: DBusConnection, token: String, requestPath: String, outcome: AnswerSlot) {
        let reply: [DBusValue]
        do {
            reply = try bus.call(
                busName, path: objectPath, interface: cameraInterface, method: "AccessCamera",
                [.dictionary(["handle_token": .string(token)])], timeout: activationTimeout, autoStart: true)
        } catch {
            outcome.finish(error.name == notAllowedError
                ? .restricted
                : .unanswered("the camera portal failed: \(error.description)."))
            return
        }
        if let handle = reply.first?.string, handle != requestPath {
            // Portals older than version 0.9 of the request spec chose their own path.
            outcome.finish(.unanswered("the camera portal answered on an unexpected request (\(handle))."))
        }
    }

    static func answer(fromResponse values: [DBusValue]) -> CameraPortalAnswer {
        switch values.first?.uint32 {
        case 0: .granted
        case 1, 2: .denied
        default: .unanswered("the camera portal gave an answer SquareCam does not know (\(values)).")
        }
    }

    /// The answer to one `accessCamera`, given once: by the Response, an
    /// error, cancellation or the deadline, whichever comes first.
    private final class AnswerSlot: Sendable {
        private struct State {
            var answer: CameraPortalAnswer?
            var waiter: CheckedContinuation<CameraPortalAnswer, Never>?
        }

        private let state = Mutex(State())

        func setWaiter(_ waiter: CheckedContinuation<CameraPortalAnswer, Never>) {
            let ready = state.withLock { state -> CameraPortalAnswer? in
                if let answer = state.answer { return answer }
                state.waiter = waiter
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }

        func finish(_ answer: CameraPortalAnswer) {
            let waiter = state.withLock { state -> CheckedContinuation<CameraPortalAnswer, Never>? in
                guard state.answer == nil else { return nil }
                state.answer = answer
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: answer)
        }
    }

    // MARK: PipeWire

    /// A PipeWire connection that shows only the cameras (`OpenPipeWireRemote`).
    /// The portal allows it only while its stored answer is "yes".
    public func openPipeWireRemote() throws(CameraPortalRemoteError) -> PipeWireRemote {
        do {
            let descriptor = try bus.callReturningFileDescriptor(
                Self.busName, path: Self.objectPath, interface: Self.cameraInterface, method: "OpenPipeWireRemote",
                [.dictionary([:])], timeout: Self.activationTimeout)
            return PipeWireRemote(adopting: descriptor)
        } catch {
            // The portal's own words; its error's D-Bus name says nothing to a person.
            switch error.name {
            case Self.notAllowedError: throw .notAllowed
            case Self.failedError: throw .noPipeWire(error.message)
            default: throw .failed(error.message)
            }
        }
    }

    /// The answer stored for this (host) app; see `PermissionStore`.
    func storedAnswer() throws(DBusError) -> PermissionStore.Answer? {
        try PermissionStore.cameraAnswer(on: bus)
    }
}
