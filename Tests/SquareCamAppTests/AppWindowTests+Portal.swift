import Foundation
import PortalTestSupport
import Testing

/// The app in a private desktop session with real daemons (session bus,
/// PipeWire with a camera node inside it, WirePlumber, the real
/// xdg-desktop-portal with a mock Access dialog): the camera access rules as
/// a user meets them, checked on screen and in the files.
extension AppWindowTests {
    @Test func portalAllowedStreamsThePipeWireCameraAndSavesAPhoto() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let app = try AppSession(in: session)
        try app.waitForTrace("cameras from portal")
        try app.waitForTrace("viewfinder showing frames")
        #expect(!app.log.contains("explainingPermission"), "an allowed camera needs no explanation page")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        let photo = try Picture(jpeg: try #require(app.savedPhotos.first))
        #expect(photo.width == photo.height && photo.width >= 480, "\(photo.width)x\(photo.height)")
        #expect(try session.dialogCount() == 0)
    }

    @Test func portalStoredNoShowsTheDeniedPageAndReachesNoCamera() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .no))
        let app = try AppSession(in: session)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("SquareCam has no permission to use the camera"), "\(line)")
        // No camera privacy settings here: the page says where the answer is kept, not the video group.
        #expect(line.contains("PermissionStore.DeletePermission devices camera") && !line.contains("video group"), "\(line)")
        _ = try app.screenshot(saveAs: "portal-denied")
        // Try Again asks the portal again; it still says no, and no camera was started.
        try app.press("Return")
        try app.waitForTrace("→ permissionDenied", occurrence: 2)
        #expect(!app.log.contains("startCamera") && !app.log.contains("viewfinder showing"), "\(app.log)")
        #expect(try session.dialogCount() == 0)
    }

    @Test func portalNotYetAskedExplainsThenAsksOnceAndRemembers() throws {
        let session = try PortalSession.start(.init(cameras: 1, answer: .allow, stored: .none))
        do {
            let app = try AppSession(in: session)
            let line = try app.waitForTrace("status page title=")
            #expect(line.contains("SquareCam would like to use the camera"), "\(line)")
            #expect(try session.dialogCount() == 0, "the portal asked before the app's own page")
            _ = try app.screenshot(saveAs: "portal-explained")
            try app.press("Return")  // Continue: now the portal's dialog asks
            try app.waitForTrace("permissionAnswered(authorized)")
            try app.waitForTrace("viewfinder showing frames")
            #expect(try session.dialogCount() == 1)
        }
        // The answer is remembered: the next launch goes live without a page or a dialog.
        // On a fresh camera node (replaceCamera says why). Streaming one node
        // to two apps in turn, this test failed twice under load: no picture
        // from the node once, PipeWire unreachable once (cause not seen; a
        // failed wait now reports the daemons).
        try session.replaceCamera(try #require(session.cameras.first))
        let again = try AppSession(in: session)
        try again.waitForTrace("viewfinder showing frames")
        #expect(!again.log.contains("explainingPermission"))
        #expect(try session.dialogCount() == 1 && session.storedAnswer() == .yes)
    }

    @Test func portalNotYetAskedThenDeniedInTheDialog() throws {
        let session = try PortalSession.start(.init(cameras: 1, answer: .deny, stored: .none))
        let app = try AppSession(in: session)
        try app.waitForTrace("→ explainingPermission")
        try app.press("Return")
        try app.waitForTrace("permissionAnswered(denied) → permissionDenied")
        #expect(try session.dialogCount() == 1 && session.storedAnswer() == .no)
        #expect(!app.log.contains("viewfinder showing"))
    }

    @Test func portalLockdownIsRestricted() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .none, lockdown: true))
        let app = try AppSession(in: session)
        try app.waitForTrace("→ explainingPermission")
        try app.press("Return")
        let line = try app.waitForTrace("status page title=", occurrence: 2)
        #expect(line.contains("SquareCam may not use the camera"), "\(line)")
        #expect(app.log.contains("permissionAnswered(restricted)"))
    }

    @Test func portalWithoutACameraNodeSaysNoCameraWithoutAsking() throws {
        let session = try PortalSession.start(.init(cameras: 0, stored: .none))
        let app = try AppSession(in: session)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("No camera found"), "\(line)")
        #expect(try session.dialogCount() == 0)
    }

    @Test func aBusWithoutAPortalUsesTheDevicesDirectly() throws {
        let session = try PortalSession.start(.init(cameras: 1, portal: false))
        let app = try AppSession(in: session)
        try app.waitForTrace("cameras from direct")
        // This machine has no V4L2 camera, and the direct path leaves PipeWire's node alone.
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("No camera found"), "\(line)")
    }

    /// PipeWire dies under a live camera and comes back: "Camera disconnected",
    /// then live again by itself. (This once crashed the app about one run in
    /// five, inside gstreamer1.0-pipewire 0.3.65's device provider; the app
    /// now watches PipeWire with its own client and lists in a helper.)
    @Test func pipeWireKilledWhileStreamingThenRestartedGoesLiveAgain() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let app = try AppSession(in: session)
        try app.waitForTrace("viewfinder showing frames")
        try session.killPipeWire()
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("Camera disconnected"), "\(line)")
        _ = try session.startPipeWire()
        try app.waitForTrace("camerasChanged", where: { $0.contains("→ starting") })
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
    }

    /// PipeWire not running behind the portal at launch: a page of its own
    /// says what to do, in the user's words (not the camera list helper's
    /// sentence wrapped in another, nor the portal's D-Bus error names); and
    /// once PipeWire runs again the viewfinder comes back by itself.
    @Test func withoutPipeWireAPageSaysWhatToDoAndTheCameraComesBackByItself() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        try session.killPipeWire()
        let app = try AppSession(in: session)
        let line = try app.waitForTrace("status page title=")
        #expect(line.hasSuffix("title=The camera cannot be reached description=SquareCam cannot reach PipeWire, which brings the cameras' pictures. Start PipeWire and WirePlumber with this command; the camera comes back by itself. command=systemctl --user start pipewire wireplumber"), "\(line)")
        #expect(app.log.contains("cameraFailed(The camera portal could not reach PipeWire, which brings the cameras' pictures (Failed to open PipeWire remote: Couldn't connect to PipeWire)."),
                "the portal's reason, for the debug log")
        _ = try app.screenshot(saveAs: "portal-without-pipewire")
        _ = try session.startPipeWire()
        try app.waitForTrace("viewfinder showing frames")
    }

    /// PipeWire frozen under the live app (SIGSTOP: no error, no frame): within
    /// seconds the camera-failed page says the camera stopped sending pictures,
    /// with Try Again, instead of a frozen picture. (Whether PipeWire and the
    /// portal serve cameras again after such a freeze is up to them: here
    /// they sometimes did not, "Couldn't connect to PipeWire", so the test
    /// stops at the page.)
    @Test(.takesLong) func aFrozenCameraShowsTheFailedPage() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        defer { try? session.thawPipeWire() }
        let app = try AppSession(in: session)
        try app.waitForTrace("viewfinder showing frames")
        try session.freezePipeWire()
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("title=The camera does not work"), "\(line)")
        #expect(line.contains("stopped sending pictures"), "\(line)")
        _ = try app.screenshot(saveAs: "portal-frozen-camera")
    }

    /// Nodes coming and going while the app runs: a second camera appears in
    /// the switcher and goes again, and the camera being streamed is left alone.
    @Test func aSecondCameraNodeComesAndGoes() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let app = try AppSession(in: session)
        try app.waitForTrace("viewfinder showing frames")
        let second = try session.addCamera(name: "second-camera")
        try app.waitForTrace("switcher shown with 2 cameras")
        try session.removeCamera(second.name)
        try app.waitForTrace("switcher hidden with 1 cameras")
        #expect(!app.log.contains("→ disconnected"), "the camera being streamed was not the one removed")
    }

    /// The node being streamed goes away (a camera unplugged): "Camera
    /// disconnected"; another camera appears: live again with it.
    @Test func theStreamedNodeGoesAndAnotherComes() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .yes))
        let app = try AppSession(in: session)
        try app.waitForTrace("viewfinder showing frames")
        // At once: a node removed within tens of milliseconds of the first
        // frame used to crash the app (see GStreamerCamera.build).
        let streamed = try #require(try session.currentCameras().first)
        try session.removeCamera(streamed.serial)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("Camera disconnected"), "\(line)")
        _ = try session.addCamera(name: "another-camera")
        try app.waitForTrace("camerasChanged", where: { $0.contains("→ starting") })
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
    }
}
