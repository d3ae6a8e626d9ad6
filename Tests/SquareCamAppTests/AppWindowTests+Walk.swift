import Foundation
import Testing

/// Every page and window of the app at a phone held upright, on its side,
/// and a desktop, in English, Japanese and Korean (issue 18): each page's
/// layout audit (`audit NAME in WxH: …; problems: none`) says every control
/// is inside the window and at least 44×44, and no label is ellipsized or
/// cut; every extra window fits the screen.
extension AppWindowTests {
    static let walkSizes: [ScreenSize] = [(360, 720, "phone-portrait"), (720, 360, "phone-landscape"), (1280, 800, "desktop")]
        .flatMap { width, height, name in
            [nil, "ja", "ko"].map { ScreenSize(name: name + ($0.map { "-" + $0 } ?? ""), width: width, height: height, language: $0) }
        }

    /// The audit of the page (in the main window, at `size`) or the extra
    /// window `name`; expects no problems. A page audited while it still
    /// settled (a status page not yet laid out for the new size, a dialog
    /// opening) has some seconds to be audited clean.
    @discardableResult
    private func expectAudit(_ app: AppSession, _ name: String, at size: ScreenSize, window extra: Bool = false,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let fits = { (line: String) -> Bool in
            guard let window = ControlsTrace.size(after: " in ", in: line) else { return false }
            // The main window's pages at the walk's size (its frame takes a few pixels); an extra window at any.
            return extra || (abs(window.width - size.width) <= 20 && abs(window.height - size.height) <= 20)
        }
        var line = try app.waitForTrace("audit \(name) in ", where: fits)
        if !line.hasSuffix("problems: none") {
            line = (try? app.waitForTrace("audit \(name) in ", where: { fits($0) && $0.hasSuffix("problems: none") }, timeout: 8))
                ?? app.traceLines.last { $0.contains("audit \(name) in ") && fits($0) } ?? line
        }
        #expect(line.hasSuffix("problems: none"), "\(size) \(name): \(line)", sourceLocation: sourceLocation)
        if extra, let window = ControlsTrace.size(after: " in ", in: line) {
            #expect(window.width <= size.width && window.height <= size.height,
                    "\(size) \(name) is \(window.width)x\(window.height), larger than the screen", sourceLocation: sourceLocation)
        }
        return line
    }

    /// Live, countdown, review, a failed save, the editor, preferences,
    /// shortcuts, about and the question on closing with a photo.
    @Test(arguments: walkSizes)
    func everyCapturePageAndWindowFits(_ size: ScreenSize) throws {
        let app = try launch(at: size, environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        try expectAudit(app, "live", at: size)
        try app.press("t", "space")
        try expectAudit(app, "countdown", at: size)
        // Space again stops the countdown, and T twice turns the timer off
        // (3 → 10 → off): the photo is taken at once, not three seconds later.
        try app.press("space")
        try app.waitForTrace("countdown hidden")
        try app.press("t", "t", "space")
        try expectAudit(app, "review", at: size)
        try app.press("ctrl+s")
        try expectAudit(app, "review-save-failed", at: size)
        try app.press("e")
        try expectAudit(app, "editor", at: size)
        try app.waitForTrace("editor showing crop")  // the photo drawn, not only the controls
        _ = try app.screenshot(saveAs: "walk-\(size.name)-editor")
        try app.press("Escape")
        try app.waitForTrace("cancel → reviewing")
        // The save problem's selectable reason is not shown selected once the focus passed it.
        try app.waitForTrace("review focus on edit, problem text selected false")

        try app.press("ctrl+comma")
        try expectAudit(app, "preferences", at: size, window: true)
        _ = try app.screenshot(saveAs: "walk-\(size.name)-review")
        try app.pressInDialog("Escape")
        try app.press("ctrl+question")
        try expectAudit(app, "shortcuts", at: size, window: true)
        try app.pressInDialog("Escape")
        // About is in the main menu only: F10 opens it, Up wraps to its last item.
        try app.press("F10")
        try app.waitForTrace("main menu open true")
        try app.press("Up", "Return")
        try expectAudit(app, "about", at: size, window: true)
        try app.pressInDialog("Escape")
        try app.press("ctrl+w")
        try expectAudit(app, "close-confirmation", at: size, window: true)
        try app.pressInDialog("Escape")
        try app.waitForTrace("main menu open false")
    }

    /// Video mode: the live page recording (its time over the picture, the
    /// stop button), the question on closing while recording, and the clip's
    /// review, its playback controls shown; screenshots of each.
    @Test(arguments: walkSizes)
    func everyVideoPageFits(_ size: ScreenSize) throws {
        // 640×480: the pages are the same, and the recording's encoder light (see appInVideoMode).
        let app = try launch(at: size, ["--camera", "test:640x480@30", "--microphone", "test"])
        try expectAudit(app, "live", at: size)
        let audits = app.traceCount("audit live in ")
        try app.press("v")
        try app.waitForTrace("shutter shows startRecording")
        try app.press("space")
        try app.waitForTrace("recording time 0:01")
        // The page audited again once the time's badge showed: the latest audit is the recording's.
        try app.waitForTrace("audit live in ", occurrence: audits + 1)
        try expectAudit(app, "live", at: size)
        _ = try app.screenshot(saveAs: "walk-\(size.name)-recording")
        try app.press("ctrl+w")
        try expectAudit(app, "close-confirmation", at: size, window: true)
        _ = try app.screenshotOfScreen(saveAs: "walk-\(size.name)-close-recording")
        try app.pressInDialog("Escape")
        try app.waitForTrace("unsaved recording: cancel")
        try app.press("space")
        try expectAudit(app, "clip", at: size)
        try app.waitForTrace("clip review playing")
        // The pointer moving over the clip shows GTK's play, position and volume controls: finger-sized too.
        let clip = try #require(app.waitForControls("clip")["clip"])
        for step in 0..<3 { try app.movePointer(toX: clip.x + clip.width / 2 + step * 8, y: clip.y + clip.height / 2) }
        try expectAudit(app, "clip-controls", at: size)
        _ = try app.screenshot(saveAs: "walk-\(size.name)-clip")
    }

    /// Every status page: never asked, not now, denied, restricted, no camera, busy,
    /// failed, disconnected (one scripted walk, a Try Again each), and an
    /// unknown `--camera`.
    @Test(arguments: walkSizes)
    func everyStatusPageFits(_ size: ScreenSize) throws {
        let app = try launch(at: size, ["--script", "walk"], program: BuiltApp.scripted, until: "status page title=")
        try expectAudit(app, "status-explanation", at: size)
        try app.press("alt+n")
        try expectAudit(app, "status-not-now", at: size)
        try app.press("alt+c")
        try expectAudit(app, "status-denied", at: size)
        for next in ["status-restricted", "status-no-camera", "status-busy", "status-failed", "status-disconnected"] {
            try app.press("alt+t")
            try expectAudit(app, next, at: size)
        }
        let unknown = try launch(at: size, ["--camera", "nope"], until: "status page title=")
        try expectAudit(unknown, "status-unknown-camera", at: size)
        _ = try unknown.screenshot(saveAs: "walk-\(size.name)-unknown-camera")
    }
}
