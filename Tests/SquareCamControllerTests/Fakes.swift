import Foundation
import SquareCamController
import SquareCamCore
import Synchronization

/// A camera that does what the test says: starts or fails, delivers a small
/// grey frame, and reports a failure when the test pulls the plug.
final class FakeCamera: Camera {
    enum Start: Sendable { case succeed, fail(CameraFailure), waitForTest }

    let cameraDescription: CameraDescription
    private struct State {
        var start: Start
        var starts = 0
        var stops = 0
        var live = false
        var pendingStart: CheckedContinuation<Void, any Error>?
        var failureHandler: (@Sendable (CameraFailure) -> Void)?
        var analyses: [String: (rate: Double, analyse: @Sendable (Frame, PixelSize) -> Void)] = [:]
        var framing: LiveFraming?
    }
    private let state: Mutex<State>

    init(_ description: CameraDescription, start: Start = .succeed) {
        cameraDescription = description
        state = Mutex(State(start: start))
    }

    var starts: Int { state.withLock { $0.starts } }
    var stops: Int { state.withLock { $0.stops } }
    var isLive: Bool { state.withLock { $0.live } }

    func start() async throws {
        let start = state.withLock { state -> Start in
            state.starts += 1
            return state.start
        }
        switch start {
        case .succeed: state.withLock { $0.live = true }
        case .fail(let failure): throw failure
        case .waitForTest:
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.pendingStart = continuation }
            }
            state.withLock { $0.live = true }
        }
    }

    /// Lets a `.waitForTest` start finish.
    func finishStarting() {
        state.withLock { state in
            state.pendingStart?.resume()
            state.pendingStart = nil
        }
    }

    func stop() async {
        state.withLock { state in
            state.stops += 1
            state.live = false
            state.pendingStart?.resume(throwing: CameraFailure.failed(camera: cameraDescription.name, detail: "stopped"))
            state.pendingStart = nil
        }
    }

    func capturePhoto() async throws -> Frame {
        guard isLive else { throw CameraFailure.failed(camera: cameraDescription.name, detail: "not live") }
        let size = PixelSize(width: 64, height: 48)
        return Frame(size: size, layout: .gray, planes: [.init(bytes: [UInt8](repeating: 128, count: 64 * 48), stride: 64)])
    }

    func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?) {}

    func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (Frame, PixelSize) -> Void)?) {
        state.withLock { $0.analyses[name] = analyse.map { (framesPerSecond, $0) } }
    }

    func setFraming(_ framing: LiveFraming?) {
        state.withLock { $0.framing = framing }
    }

    /// The framing the viewfinder would show.
    var framing: LiveFraming? { state.withLock { $0.framing } }

    /// The rate the analysis `name` asked for; 0 while none is attached.
    func analysisRate(_ name: String) -> Double { state.withLock { $0.analyses[name]?.rate ?? 0 } }

    /// One analysis frame for the analysis `name`, as the camera's analysis
    /// thread hands it over: `frame`, or a tiny one (too small for a scene
    /// signature, so never skipped as unchanged).
    func analyseFrame(_ name: String, frame: Frame? = nil) {
        let frame = frame ?? Frame(size: PixelSize(width: 8, height: 6), layout: .gray, planes: [.init(bytes: [UInt8](repeating: 0, count: 48), stride: 8)])
        state.withLock { $0.analyses[name]?.analyse }?(frame, PixelSize(width: 64, height: 48))
    }

    func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        state.withLock { $0.failureHandler = handler }
    }

    /// The camera reports a failure while live, as an unplugged one does.
    func fail(_ failure: CameraFailure) {
        let handler = state.withLock { state -> (@Sendable (CameraFailure) -> Void)? in
            state.live = false
            return state.failureHandler
        }
        handler?(failure)
    }
}

/// A provider whose permission, answers and camera list the test sets.
final class FakeProvider: CameraProvider {
    let kind: String
    private struct State {
        var authorization: CameraAuthorization
        var answer: CameraAuthorization
        var listed: [CameraDescription]
        var listingFailure: CameraFailure?
        var startBehaviour: [String: FakeCamera.Start] = [:]
        var opened: [FakeCamera] = []
        var requests = 0
        var listings = 0
        var watcher: (@Sendable ([CameraDescription]) -> Void)?
        var watches: Bool
        /// Listings wait until `releaseListings` (a slow portal helper).
        var holdsListings = false
        var heldListings: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(kind: String = "fake", authorization: CameraAuthorization = .authorized, answer: CameraAuthorization = .authorized,
         cameras: [CameraDescription] = [FakeProvider.camera("cam0")], watches: Bool = true) {
        self.kind = kind
        state = Mutex(State(authorization: authorization, answer: answer, listed: cameras, watches: watches))
    }

    static func camera(_ id: String, facing: CameraFacing = .external) -> CameraDescription {
        CameraDescription(id: id, name: "Camera \(id)", facing: facing,
                          modes: [CameraMode(size: PixelSize(width: 64, height: 48), framesPerSecond: 30, format: "GRAY8")])
    }

    var requests: Int { state.withLock { $0.requests } }
    var listings: Int { state.withLock { $0.listings } }
    var opened: [FakeCamera] { state.withLock { $0.opened } }
    var isWatched: Bool { state.withLock { $0.watcher != nil } }

    func setStart(_ behaviour: FakeCamera.Start, for id: String) {
        state.withLock { $0.startBehaviour[id] = behaviour }
    }

    func setAuthorization(_ authorization: CameraAuthorization) {
        state.withLock { $0.authorization = authorization }
    }

    func setListingFailure(_ failure: CameraFailure?) {
        state.withLock { $0.listingFailure = failure }
    }

    /// Changes the list; a watcher hears of it, as a hot-plug would tell it.
    func plug(_ cameras: [CameraDescription]) {
        let watcher = state.withLock { state -> (@Sendable ([CameraDescription]) -> Void)? in
            state.listed = cameras
            return state.watcher
        }
        watcher?(cameras)
    }

    func hasCameras() async -> Bool? { state.withLock { $0.listed.isEmpty ? false : true } }
    func authorizationStatus() async -> CameraAuthorization { state.withLock { $0.authorization } }

    func requestAccess() async -> CameraAuthorization {
        state.withLock { state in
            state.requests += 1
            if state.authorization == .notDetermined { state.authorization = state.answer }
            return state.authorization
        }
    }

    func holdListings() { state.withLock { $0.holdsListings = true } }
    var heldListingCount: Int { state.withLock { $0.heldListings.count } }

    func releaseListings() {
        let held = state.withLock { state in
            state.holdsListings = false
            defer { state.heldListings.removeAll() }
            return state.heldListings
        }
        for listing in held { listing.resume() }
    }

    func cameras() async throws -> [CameraDescription] {
        if state.withLock({ $0.holdsListings }) {
            await withCheckedContinuation { listing in
                let held = state.withLock { state in
                    if state.holdsListings { state.heldListings.append(listing) }
                    return state.holdsListings
                }
                if !held { listing.resume() }
            }
        }
        return try state.withLock { state in
            state.listings += 1
            if let failure = state.listingFailure { throw failure }
            guard state.authorization == .authorized else { throw CameraFailure.permissionDenied(camera: "camera") }
            return state.listed
        }
    }

    func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        state.withLock { state -> (any CameraWatch)? in
            guard state.watches else { return nil }
            state.watcher = handler
            return FakeWatch { [weak self] in self?.state.withLock { $0.watcher = nil } }
        }
    }

    func openCamera(_ camera: CameraDescription) throws -> any Camera {
        state.withLock { state in
            let opened = FakeCamera(camera, start: state.startBehaviour[camera.id] ?? .succeed)
            state.opened.append(opened)
            return opened
        }
    }
}

final class FakeWatch: CameraWatch {
    private let onCancel: @Sendable () -> Void
    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    func cancel() { onCancel() }
}

/// Time that moves only when the test says: each `advance()` ends one wait.
final class ManualTicker: Ticker {
    private let waiting = Mutex<[CheckedContinuation<Void, any Error>]>([])

    func wait(seconds: Double) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.withLock { $0.append(continuation) }
            }
        } onCancel: {
            let all = waiting.withLock { list in defer { list.removeAll() }; return list }
            for continuation in all { continuation.resume(throwing: CancellationError()) }
        }
    }

    var waiters: Int { waiting.withLock { $0.count } }

    /// Ends the oldest wait, once one has begun (waiting a few main-actor turns for it).
    @MainActor
    func advance() async {
        for _ in 0..<1000 where waiters == 0 { await Task.yield() }
        let first = waiting.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        first?.resume()
        for _ in 0..<20 { await Task.yield() }
    }
}
