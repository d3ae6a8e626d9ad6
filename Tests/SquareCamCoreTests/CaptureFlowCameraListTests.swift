import Testing
import SquareCamCore

/// Cameras coming and going (`camerasChanged`) and looking again while the
/// camera is away (`retrySeconds`, `retryDue`): every decision as a transition.
@Suite struct CaptureFlowCameraListTests {
    typealias Listing = Flow.CameraListing

    struct Case: CustomStringConvertible {
        var from: String
        var listing: Listing
        var to: Flow.State
        var actions: [Flow.Action]
        var why: String
        var description: String { "\(from), \(listing): \(why)" }
    }

    static let photo = FlowFixtures.photo
    static let cases: [Case] = [
        // No camera yet.
        Case(from: "noCamera", listing: Listing(ids: []), to: .noCamera, actions: [], why: "still none"),
        Case(from: "noCamera", listing: Listing(ids: ["a"]), to: .starting, actions: [.startCamera], why: "one came"),
        Case(from: "noCamera", listing: Listing(ids: ["a"], preferredID: "a"), to: .starting, actions: [.startCamera],
             why: "the one asked for came"),
        Case(from: "noCamera", listing: Listing(ids: ["b"], preferredID: "a"), to: .starting, actions: [.forgetPreferredCamera, .startCamera],
             why: "another than the one asked for came: the first will do"),
        // Unplugged.
        Case(from: "disconnected", listing: Listing(ids: ["a"], currentID: "a"), to: .starting, actions: [.startCamera],
             why: "it came back"),
        Case(from: "disconnected", listing: Listing(ids: ["b"], currentID: "a", preferredID: "a"), to: .disconnected(camera: "cam"),
             actions: [], why: "another came, but the user asked for the one that went"),
        Case(from: "disconnected", listing: Listing(ids: ["b"], currentID: "a"), to: .starting, actions: [.startCamera],
             why: "another came and none was asked for"),
        Case(from: "disconnected", listing: Listing(ids: [], currentID: "a"), to: .disconnected(camera: "cam"), actions: [],
             why: "nothing yet"),
        // A camera that stopped sending pictures and whose node then went: unplugged.
        Case(from: "stalled", listing: Listing(ids: [], currentID: "a"), to: .disconnected(camera: "cam"), actions: [],
             why: "its node went too"),
        Case(from: "stalled", listing: Listing(ids: ["b"], currentID: "a"), to: .starting, actions: [.startCamera],
             why: "its node went and another is there"),
        Case(from: "stalled", listing: Listing(ids: ["a"], currentID: "a"), to: .failed(.failed(camera: "cam", detail: "stopped")),
             actions: [], why: "its node is still there: the stall stands"),
        Case(from: "failed", listing: Listing(ids: ["a"], currentID: "a"), to: .failed(.busy(camera: "cam")), actions: [],
             why: "busy waits for its retry, not for the list"),
        // PipeWire out of reach: any list means it is back.
        Case(from: "noPipeWire", listing: Listing(ids: ["a"]), to: .starting, actions: [.startCamera], why: "PipeWire came back with a camera"),
        Case(from: "noPipeWire", listing: Listing(ids: []), to: .starting, actions: [.startCamera],
             why: "PipeWire came back without one: the start says so"),
        // An unknown --camera that appears.
        Case(from: "unknown", listing: Listing(ids: ["/dev/video9"], preferredID: "/dev/video9"), to: .starting, actions: [.startCamera],
             why: "the camera asked for appeared"),
        Case(from: "unknown", listing: Listing(ids: ["other"], preferredID: "/dev/video9"), to: .failed(.unknownCamera(id: "/dev/video9")),
             actions: [], why: "another appeared"),
        // Live: a PipeWire node can go without its stream saying so.
        Case(from: "live", listing: Listing(ids: [], currentID: "a", currentName: "Webcam", currentIsOpen: true),
             to: .disconnected(camera: "Webcam"), actions: [.stopCamera], why: "its node went"),
        Case(from: "live", listing: Listing(ids: ["b"], currentID: "a", currentName: "Webcam", currentIsOpen: true),
             to: .starting, actions: [.stopCamera, .startCamera], why: "its node went and another is there"),
        Case(from: "live", listing: Listing(ids: ["a", "b"], currentID: "a", currentIsOpen: true), to: .live, actions: [],
             why: "another came beside it"),
        Case(from: "live", listing: Listing(ids: [], currentID: "a", currentIsOpen: false), to: .live, actions: [],
             why: "no camera held: nothing to fail"),
        Case(from: "starting", listing: Listing(ids: [], currentID: "a", currentIsOpen: true), to: .starting, actions: [],
             why: "starting: a new connection sees its nodes late"),
        Case(from: "capturing", listing: Listing(ids: [], currentID: "a", currentName: "Webcam", currentIsOpen: true),
             to: .disconnected(camera: "Webcam"), actions: [.stopCamera], why: "its node went mid-shot"),
        // A photo on screen keeps it; the failure waits for it.
        Case(from: "reviewing", listing: Listing(ids: [], currentID: "a", currentName: "Webcam", currentIsOpen: true),
             to: .reviewing(photo), actions: [.stopCamera], why: "its node went under the review"),
        Case(from: "reviewing", listing: Listing(ids: ["a"], currentID: "a", currentIsOpen: true), to: .reviewing(photo), actions: [],
             why: "nothing changed for it"),
        Case(from: "reviewingAfterUnplug", listing: Listing(ids: ["a"], currentID: "a"), to: .reviewing(photo), actions: [],
             why: "it came back under the review: it restarts after"),
        Case(from: "reviewingAfterUnplug", listing: Listing(ids: [], currentID: "a"), to: .reviewing(photo), actions: [],
             why: "still away"),
        // Permission pages and idle: the list means nothing there.
        Case(from: "explainingPermission", listing: Listing(ids: ["a"]), to: .explainingPermission, actions: [], why: "not asked yet"),
        Case(from: "idle", listing: Listing(ids: ["a"]), to: .idle, actions: [], why: "not running"),
    ]

    static func flow(_ name: String) throws -> Flow {
        let start: [Flow.Event] = [.launch, .permissionChecked(.authorized)]
        switch name {
        case "stalled":
            var flow = try FlowFixtures.flow("live")
            _ = try flow.handle(.cameraFailed(.failed(camera: "cam", detail: "stopped")))
            return flow
        case "unknown":
            var flow = Flow()
            for event in start + [.cameraFailed(.unknownCamera(id: "/dev/video9"))] { _ = try flow.handle(event) }
            return flow
        case "noPipeWire":
            var flow = Flow()
            for event in start + [.cameraFailed(.pipeWireUnreachable(reason: "no socket"))] { _ = try flow.handle(event) }
            return flow
        case "reviewingAfterUnplug":
            var flow = try FlowFixtures.flow("reviewing")
            _ = try flow.handle(.cameraFailed(.disconnected(camera: "cam")))
            return flow
        default:
            return try FlowFixtures.flow(name)
        }
    }

    @Test(arguments: cases)
    func theListDecides(_ example: Case) throws {
        var flow = try Self.flow(example.from)
        let actions = try flow.handle(.camerasChanged(example.listing))
        #expect(flow.state == example.to)
        #expect(actions == example.actions)
    }

    @Test func aCameraBackUnderReviewStartsAgainOnceThePhotoIsGone() throws {
        var flow = try Self.flow("reviewingAfterUnplug")
        _ = try flow.handle(.camerasChanged(Listing(ids: ["a"], currentID: "a")))
        #expect(flow.cameraNeedsRestart)
        #expect(try flow.handle(.retake) == [.forget(Self.photo), .startCamera])
        #expect(flow.state == .starting)
    }

    @Test func onlyABusyCameraOrAnUnwatchedUnplugOrPipeWireLooksAgain() throws {
        for name in FlowFixtures.paths.keys {
            let flow = try FlowFixtures.flow(name)
            let expected = name == "failed" || name == "disconnected"   // "failed" is busy in the fixtures
            #expect((flow.retrySeconds(listWatched: false) != nil) == expected, "\(name)")
            #expect((flow.retrySeconds(listWatched: true) != nil) == (name == "failed"), "\(name)")
        }
        #expect(try Self.flow("stalled").retrySeconds(listWatched: false) == nil)
        #expect(try Self.flow("unknown").retrySeconds(listWatched: false) == nil)
        #expect(try Self.flow("noPipeWire").retrySeconds(listWatched: false) == 2)
        #expect(try Self.flow("noPipeWire").retrySeconds(listWatched: true) == nil)
    }

    /// Away for half a minute (fifteen looks), the camera is looked for every
    /// 10 s, not 2; once back, or anything else, the pace starts over. A busy
    /// camera is tried every 2 s however long.
    @Test func looksSlowDownAfterHalfAMinuteAway() throws {
        for name in ["noPipeWire", "disconnected"] {
            var flow = try Self.flow(name)
            for look in 1...15 {
                #expect(flow.retrySeconds(listWatched: false) == 2, "\(name), look \(look)")
                _ = try flow.handle(.retryDue)
                if name == "disconnected" { _ = try flow.handle(.camerasChanged(Listing(ids: [], currentID: "cam"))) }
            }
            #expect(flow.retrySeconds(listWatched: false) == 10, "\(name)")
            _ = try flow.handle(.camerasChanged(Listing(ids: ["cam"], currentID: "cam")))
            #expect(flow.state == .starting, "\(name)")
            _ = try flow.handle(.cameraFailed(.disconnected(camera: "cam")))
            #expect(flow.retrySeconds(listWatched: false) == 2, "\(name): away again, looked for quickly again")
        }
        var busy = try FlowFixtures.flow("failed")
        for _ in 1...20 {
            _ = try busy.handle(.retryDue)
            _ = try busy.handle(.cameraFailed(.busy(camera: "cam")))
        }
        #expect(busy.retrySeconds(listWatched: false) == 2)
    }

    @Test func eachLookDoesWhatTheStateNeeds() throws {
        var busy = try FlowFixtures.flow("failed")
        #expect(try busy.handle(.retryDue) == [.startCamera])
        #expect(busy.state == .starting)

        var unplugged = try FlowFixtures.flow("disconnected")
        #expect(try unplugged.handle(.retryDue) == [.listCameras])
        #expect(unplugged.state == .disconnected(camera: "cam"))

        // Without PipeWire a look, not a start: the list comes only once PipeWire is back.
        var noPipeWire = try Self.flow("noPipeWire")
        #expect(try noPipeWire.handle(.retryDue) == [.listCameras])
        #expect(noPipeWire.state == .failed(.pipeWireUnreachable(reason: "no socket")))

        // A tick that arrives after the state moved on does nothing.
        for name in ["live", "reviewing", "noCamera", "permissionDenied", "idle"] {
            var flow = try FlowFixtures.flow(name)
            let before = flow.state
            #expect(try flow.handle(.retryDue) == [], "\(name)")
            #expect(flow.state == before)
        }
    }
}
