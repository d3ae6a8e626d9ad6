import Foundation
import Testing
import TestThreads

/// The app end to end, under X: the built binary, real GStreamer test camera
/// (or a scripted camera through the same `Camera` protocol), xdotool keys,
/// screenshots compared with saved photos. One app at a time on a display:
/// each test has a `DisplayLane` of its own.
@Suite(.ownThreads, .ownDisplayLane) struct AppWindowTests {
    /// The test camera at 1080p like the default, at 15 frames a second: the
    /// tests need its size (the photo's 1080×1080, the editor's crops), not
    /// its rate, and half the frames leave the two cores to the tests
    /// running beside them.
    static let testCamera = "test:1920x1080@15"

    @Test func liveViewfinderShowsMovingFramesInASquare() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        let line = try app.waitForTrace("viewfinder showing frames")
        let square = try #require(drawnSquare(in: line))
        #expect(square.side >= 400, "the viewfinder fills the window: \(line)")
        // The test pattern's snow moves: wait (bounded) for two screenshots that differ.
        let first = try app.screenshot(saveAs: "live")
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        let deadline = Date().addingTimeInterval(30)
        while bounds == nil && Date() < deadline {
            bounds = first.differenceBounds(to: try app.screenshot())
        }
        let moved = try #require(bounds, "two screenshots 30 s apart are identical: the viewfinder is frozen")
        #expect(moved.minX >= square.x && moved.maxX < square.x + square.side, "change outside the square: \(moved) vs \(square)")
        #expect(moved.minY >= square.y && moved.maxY < square.y + square.side, "change outside the square: \(moved) vs \(square)")
    }

    @Test func shutterReviewSaveWritesExactlyTheSquareShown() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        let liveLine = try app.waitForTrace("viewfinder showing frames")
        let live = try #require(drawnSquare(in: liveLine))
        let liveShot = try app.screenshot().cropped(x: live.x, y: live.y, width: live.side, height: live.side)
        try app.press("space")
        let reviewLine = try app.waitForTrace("review showing")
        let review = try #require(drawnSquare(in: reviewLine))
        let reviewShot = try app.screenshot(saveAs: "review").cropped(x: review.x, y: review.y, width: review.side, height: review.side)
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        try app.waitForTrace("→ live", occurrence: 2)
        let saved = try #require(app.savedPhotos.first, "no photo in Pictures/Camera")
        let photo = try Picture(jpeg: saved)
        #expect(photo.width == 1080 && photo.height == 1080, "the 1920x1080 camera's full-resolution square is 1080x1080, not \(photo.width)x\(photo.height)")
        // What review showed is the saved photo, scaled to the screen.
        let reviewDifference = photo.resized(width: review.side, height: review.side).meanDifference(to: reviewShot)
        #expect(reviewDifference < 8, "review differs from the saved photo by \(reviewDifference) per channel")
        // And it is the square the viewfinder showed (only the pattern's snow moves).
        let liveDifference = photo.resized(width: live.side, height: live.side).meanDifference(to: liveShot)
        #expect(liveDifference < 12, "the viewfinder differs from the saved photo by \(liveDifference) per channel")
    }

    @Test func retakeReturnsToLiveWithoutSaving() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("→ reviewing")
        try app.press("r")
        try app.waitForTrace("retake → live")
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
        try app.press("Return")
        try app.waitForTrace("→ reviewing", occurrence: 2)
        try app.press("r")
        try app.waitForTrace("retake → live", occurrence: 2)
        #expect(app.savedPhotos.isEmpty)
    }

    @Test(.takesLong) func cropEditorMovedToTheTopLeftCornerSavesThatCorner() throws {
        let app = try appInTheCropEditor()
        // Zoom in, then push the box past the top-left corner: it stops there.
        // Five steps in make the box 354 px, each Shift+arrow moves it 35: 23
        // reach the left edge from the centre (783 px) and 11 the top; a few more push past.
        try app.press("plus", "plus", "plus", "plus", "plus")
        try app.press(Array(repeating: "shift+Left", count: 28) + Array(repeating: "shift+Up", count: 16))
        _ = try app.screenshot(saveAs: "crop-editor")
        let (done, photo) = try finishEditing(app)
        #expect(done.contains("+0+0)"), "the crop did not reach the top-left corner: \(done)")
        #expect(photo.width == photo.height && photo.width < 1080, "a zoomed square is smaller than 1080: \(photo.width)x\(photo.height)")
        // The test pattern's leftmost bar is light grey; the centre square starts with yellow.
        let corner = photo.pixel(4, 4)
        #expect(abs(corner.r - corner.b) < 40 && corner.b > 150, "top-left pixel \(corner) is not the grey bar")
    }

    @Test func permissionDeniedPageAppears() throws {
        let app = try AppSession(["--script", "permission-denied"], program: BuiltApp.scripted)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("SquareCam has no permission to use the camera"))
        // Not the portal, and no camera privacy settings here: the video group (the direct path's EACCES).
        #expect(line.contains("sudo usermod -aG video $USER"), "\(line)")
        _ = try app.screenshot(saveAs: "permission-denied")
        try app.press("Return")  // Try Again: still denied
        try app.waitForTrace("tryAgain → checkingPermission")
        try app.waitForTrace("→ permissionDenied", occurrence: 2)
    }

    /// Never asked: the app's own page says why first; Continue lets the platform ask.
    @Test func notYetAskedExplainsThenAsks() throws {
        let app = try AppSession(["--script", "not-determined"], program: BuiltApp.scripted)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("SquareCam would like to use the camera"))
        #expect(!app.log.contains("continueToPermission"), "the platform is not asked before the user chooses Continue")
        _ = try app.screenshot(saveAs: "permission-explained")
        try app.press("Return")  // Continue
        try app.waitForTrace("continueToPermission → askingPermission")
        try app.waitForTrace("permissionAnswered(authorized) → starting")
        try app.waitForTrace("viewfinder showing frames")
    }

    @Test func noCameraPageOffersTheTestPattern() throws {
        let app = try AppSession(["--script", "no-camera"], program: BuiltApp.scripted)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("No camera found"))
        // With no frame to wait for, the page itself ends the launch: the window gets its icon.
        try app.waitForTrace("window icon named")
        try app.waitUntil("the window has SquareCam's icon") { try app.hasTheAppsIcon() }
        _ = try app.screenshot(saveAs: "no-camera")
        try app.press("Return")  // Use Test Pattern
        try app.waitForTrace("useTestPattern → starting")
        try app.waitForTrace("viewfinder showing frames")
    }

    @Test(.takesLong) func unpluggedCameraComesBackByItself() throws {
        let app = try AppSession(["--script", "disconnect-after:2"], program: BuiltApp.scripted)
        try app.waitForTrace("viewfinder showing frames")
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("Camera disconnected"))
        try app.waitForTrace("camerasChanged", where: { $0.contains("→ starting") })
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
    }

    @Test func busyCameraIsNamedAndRetried() throws {
        let app = try AppSession(["--script", "busy-once"], program: BuiltApp.scripted)
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("The camera is busy"))
        #expect(app.log.contains("busy(camera: \"Scripted camera\")") || app.log.contains("Scripted camera"))
        try app.waitForTrace("retryDue → starting")
        try app.waitForTrace("viewfinder showing frames")
    }

    @Test func keyboardShortcuts() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        let before = try app.screenshot()
        try app.press("t")
        try app.waitForTrace("timer 3")
        try app.press("t")
        try app.waitForTrace("timer 10")
        try app.press("t")
        try app.waitForTrace("timer 0", occurrence: 2)
        try app.press("g")
        try app.waitForTrace("grid shown")
        let withGrid = try app.screenshot(saveAs: "live-grid")
        #expect(before.differenceBounds(to: withGrid) != nil)
        try app.press("g")
        try app.waitForTrace("grid hidden", occurrence: 2)
        // Under Xvfb without a window manager fullscreen is asked for but never granted.
        try app.press("F11")
        try app.waitForTrace("fullscreen toggled")
        try app.press("F11")
        try app.waitForTrace("fullscreen toggled", occurrence: 2)
        try app.press("ctrl+question")
        let shortcuts = try app.waitForWindow(named: "Keyboard Shortcuts")
        _ = try app.screenshotOfScreen(saveAs: "shortcuts")
        try XDisplay.shared.run("xdotool", ["windowfocus", "--sync", shortcuts])
        try XDisplay.shared.run("xdotool", ["key", "Escape"])
        try app.press("ctrl+q")
        #expect(try app.waitForExit() == 0)
    }

    @Test(.takesLong) func countdownThenShutter() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("t", "space")
        try app.waitForTrace("countdown 3")
        try app.waitForTrace("countdown 1", timeout: 90)
        try app.waitForTrace("countdownTick → capturing", timeout: 90)
        try app.waitForTrace("→ reviewing")
        try app.press("r")
        try app.waitForTrace("retake → live")
        try app.press("ctrl+w")
        #expect(try app.waitForExit() == 0)
    }

    /// Two habitual Esc presses lose neither the photo nor the app: Esc does
    /// nothing on the live and review pages; Retake and Ctrl+W are explicit.
    @Test func escapeNeverDiscardsAPhotoOrClosesTheApp() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("Escape")
        try app.press("space")
        try app.waitForTrace("→ reviewing")
        try app.press("Escape", "Escape")
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        #expect(app.process.isRunning && app.savedPhotos.count == 1, "\(app.log)")
        #expect(!app.log.contains("retake →"), "Esc threw the photo away")
        try app.waitForTrace("→ live", occurrence: 2)
        // Esc, then T: the timer's trace proves the app handled Esc and is still there.
        try app.press("Escape", "t")
        try app.waitForTrace("timer 3")
        #expect(app.process.isRunning, "Esc closed the app")
        try app.press("ctrl+w")
        #expect(try app.waitForExit() == 0)
    }

    /// After the main menu was opened and closed, the focus is on its button;
    /// Space still takes the photo (it used to open the menu again).
    @Test func spaceTakesThePhotoWhateverHasTheFocus() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("F10")
        try app.waitForTrace("main menu open true")
        try app.press("Escape")
        try app.waitForTrace("main menu open false")
        try app.press("space")
        try app.waitForTrace("shutter → capturing")
        try app.waitForTrace("→ reviewing")
    }

    @Test func japaneseLabelsUnderAJapaneseLocale() throws {
        let app = try AppSession(["--script", "no-camera"], program: BuiltApp.scripted, environment: [
            "LANGUAGE": "ja", "LANG": "C.UTF-8",
        ])
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("カメラが見つかりません"), "\(line)")
        _ = try app.screenshot(saveAs: "no-camera-ja")
    }
}

extension AppWindowTests {
    /// Every sentence on screen is in the user's language, the reasons that
    /// come from below the app included (it said "写真は保存されませんでした。The folder … does not exist").
    @Test func japaneseErrorReasonsAreJapaneseToo() throws {
        let app = try AppSession(["--camera", Self.testCamera], environment: [
            "LANGUAGE": "ja", "LANG": "C.UTF-8", "XDG_PICTURES_DIR": "/sys/kernel",
        ])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        let line = try app.waitForTrace("save problem says: ")
        #expect(line.contains("写真は保存されませんでした") && line.contains("/sys/kernel/Camera"), "\(line)")
        let reason = line.components(separatedBy: "保存されませんでした。").last ?? ""
        #expect(!reason.contains("Cannot") && !reason.contains("folder") && !reason.contains("permission"),
                "an English reason in a Japanese sentence: \(line)")
        // The reason takes room under the photo; the buttons stay on screen.
        let controls = try app.waitForTrace("controls review in ", where: { line in
            // A line written after the reason appeared.
            let log = app.log
            guard let reason = log.range(of: "save problem says"), let this = log.range(of: line, options: .backwards) else { return false }
            return this.lowerBound > reason.lowerBound
        })
        let window = controls.split(separator: " ").first { $0.contains("x") && $0.hasSuffix(":") }
            .map { $0.dropLast().split(separator: "x").compactMap { Int($0) } } ?? []
        let save = controls.components(separatedBy: "save ").last?.split(separator: " ").prefix(4).compactMap { Int($0.filter(\.isNumber)) } ?? []
        #expect(window.count == 2 && save.count == 4 && save[1] + save[3] <= window[1], "Save is off screen: \(controls)")
        _ = try app.screenshot(saveAs: "save-failed-ja")
    }

    /// `--camera /dev/video9` (never there) says what the command line says: no camera has that id.
    @Test func anUnknownCameraIdIsNamedInTheCommandLinesWords() throws {
        let app = try AppSession(["--camera", "/dev/video9"])
        let line = try app.waitForTrace("status page title=")
        #expect(line.contains("No camera has the id '/dev/video9'"), "\(line)")
        #expect(!line.contains("disconnected"))
    }
}
