import Foundation
import Testing

/// Every page and window of the app at a phone held upright, on its side,
/// and a desktop, in English, Japanese and Korean (issue 18): each page's
/// layout audit (`audit NAME in WxH: …; problems: none`) says every control
/// is inside the window and at least 44×44, and no label is ellipsized or
/// cut; every extra window fits the screen. One app per language walks the
/// three sizes, resized as a user turns a phone: a launch costs more than
/// the walk itself.
extension AppWindowTests {
    static let walkLanguages = ["en", "ja", "ko"]

    /// The walk's three sizes in `language` ("en": the app's own words): a
    /// 360×720 phone's screen less its shell's top bar (32 px), upright and
    /// on its side, as a phone gives an app; and a desktop window.
    static func walkSizes(_ language: String) -> [ScreenSize] {
        let chosen = language == "en" ? nil : language
        return [(360, 688, "phone-portrait"), (720, 328, "phone-landscape"), (1280, 800, "desktop")].map { width, height, name in
            ScreenSize(name: name + (chosen.map { "-" + $0 } ?? ""), width: width, height: height, language: chosen)
        }
    }

    /// The audit of the page (in the main window, at `size`) or the extra
    /// window `name`, among the trace lines after the first `since`; expects
    /// no problems. A page audited while it still settled (a status page not
    /// yet laid out for the new size, a dialog opening) has some seconds to
    /// be audited clean.
    @discardableResult
    private func expectAudit(_ app: AppSession, _ name: String, at size: ScreenSize, window extra: Bool = false, since: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let fits = { (line: String) -> Bool in
            guard let window = ControlsTrace.size(after: " in ", in: line) else { return false }
            // The main window's pages at the walk's size (its frame takes a few pixels); an extra window at any.
            return extra || (abs(window.width - size.width) <= 20 && abs(window.height - size.height) <= 20)
        }
        let audit = "audit \(name) in "
        var line = try app.waitForTrace(audit, after: since, where: fits)
        if !line.hasSuffix("problems: none") {
            line = (try? app.waitForTrace(audit, after: since, where: { fits($0) && $0.hasSuffix("problems: none") }, timeout: 8))
                ?? app.traceLines.dropFirst(since).last { $0.contains(audit) && fits($0) } ?? line
        }
        #expect(line.hasSuffix("problems: none"), "\(size) \(name): \(line)", sourceLocation: sourceLocation)
        if extra, let window = ControlsTrace.size(after: " in ", in: line) {
            #expect(window.width <= size.width && window.height <= size.height,
                    "\(size) \(name) is \(window.width)x\(window.height), larger than the screen", sourceLocation: sourceLocation)
        }
        return line
    }

    /// Runs `action`, then expects the audit it brings.
    @discardableResult
    private func expectAudit(_ app: AppSession, _ name: String, at size: ScreenSize, window extra: Bool = false,
                             sourceLocation: SourceLocation = #_sourceLocation, after action: () throws -> Void) throws -> String {
        let since = app.traceLines.count
        try action()
        return try expectAudit(app, name, at: size, window: extra, since: since, sourceLocation: sourceLocation)
    }

    /// The status page shown now (since the first `since` trace lines)
    /// audited at the size the window has, then at each other walk size;
    /// at each, laid out as expectStatusPageLaidOut expects, with `buttons`.
    private func expectStatusPageAtEverySize(_ app: AppSession, _ page: String, sizes: [ScreenSize], current: inout ScreenSize,
                                             since: Int, buttons: Set<String>? = nil) throws {
        var since = since
        for size in [current] + sizes.filter({ $0.name != current.name }) {
            if size.name != current.name {
                since = app.traceLines.count
                try app.resize(width: size.width, height: size.height)
                current = size
            }
            try expectAudit(app, "status-" + page, at: size, since: since)
            // The screenshots beside the README's: status-PAGE-LANGUAGE-WxH.
            try expectStatusPageLaidOut(app, "\(page) at \(size)", width: size.width, height: size.height, since: since, buttons: buttons,
                                        screenshot: "status-\(page)-\(size.language ?? "en")-\(size.width)x\(size.height)")
        }
    }

    /// Live, countdown, review, a failed save, the editor, preferences,
    /// shortcuts, about and the question on closing with a photo; then
    /// Retake, and the same at the next size.
    @Test(.takesLong, arguments: walkLanguages)
    func everyCapturePageAndWindowFits(_ language: String) throws {
        let sizes = Self.walkSizes(language)
        let app = try launch(at: sizes[0], environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        for (index, size) in sizes.enumerated() {
            if index == 0 {
                try expectAudit(app, "live", at: size, since: 0)
            } else {
                try expectAudit(app, "live", at: size) { try app.resize(width: size.width, height: size.height) }
            }
            try expectAudit(app, "countdown", at: size) { try app.press("t", "space") }
            // Space again stops the countdown, and T twice turns the timer off
            // (3 → 10 → off): the photo is taken at once, not three seconds later.
            try app.next("countdown hidden") { try app.press("space") }
            try expectAudit(app, "review", at: size) { try app.press("t", "t", "space") }
            let unselected = app.traceCount("review focus on edit, problem text selected false")
            try expectAudit(app, "review-save-failed", at: size) { try app.press("ctrl+s") }
            let editorShown = app.traceCount("editor showing crop")
            try expectAudit(app, "editor", at: size) { try app.press("e") }
            try app.waitForTrace("editor showing crop", occurrence: editorShown + 1)  // the photo drawn, not only the controls
            _ = try app.screenshot(saveAs: "walk-\(size.name)-editor")
            // The save problem's selectable reason is not shown selected once the focus passed it.
            try app.next("cancel → reviewing") { try app.press("Escape") }
            try app.waitForTrace("review focus on edit, problem text selected false", occurrence: unselected + 1)

            try expectAudit(app, "preferences", at: size, window: true) { try app.press("ctrl+comma") }
            _ = try app.screenshot(saveAs: "walk-\(size.name)-review")
            try app.pressInDialog("Escape")
            try expectAudit(app, "shortcuts", at: size, window: true) { try app.press("ctrl+question") }
            try app.pressInDialog("Escape")
            // About is in the main menu only: F10 opens it, Up wraps to its last item.
            let menuClosed = app.traceCount("main menu open false")
            try app.next("main menu open true") { try app.press("F10") }
            try expectAudit(app, "about", at: size, window: true) { try app.press("Up", "Return") }
            try app.pressInDialog("Escape")
            try expectAudit(app, "close-confirmation", at: size, window: true) { try app.press("ctrl+w") }
            try app.pressInDialog("Escape")
            try app.waitForTrace("main menu open false", occurrence: menuClosed + 1)
            // Retake: live again, for the next size.
            try app.next("→ live") { try app.press("r") }
        }
    }

    /// Video mode: the live page recording (its time over the picture, the
    /// stop button), the question on closing while recording, and the clip's
    /// review, its playback controls shown; screenshots of each; then Retake,
    /// and the same at the next size.
    @Test(.takesLong, arguments: walkLanguages)
    func everyVideoPageFits(_ language: String) throws {
        let sizes = Self.walkSizes(language)
        // 640×480: the pages are the same, and the recording's encoder light (see appInVideoMode).
        let app = try launch(at: sizes[0], ["--camera", "test:640x480@30", "--microphone", "test"])
        for (index, size) in sizes.enumerated() {
            if index == 0 {
                try expectAudit(app, "live", at: size, since: 0)
                try app.next("shutter shows startRecording") { try app.press("v") }
            } else {
                try expectAudit(app, "live", at: size) { try app.resize(width: size.width, height: size.height) }
            }
            // The page audited again once the time's badge showed: the latest audit is the recording's.
            let recording = app.traceLines.count
            try app.next("recording time 0:01") { try app.press("space") }
            try expectAudit(app, "live", at: size, since: recording)
            _ = try app.screenshot(saveAs: "walk-\(size.name)-recording")
            try expectAudit(app, "close-confirmation", at: size, window: true) { try app.press("ctrl+w") }
            _ = try app.screenshotOfScreen(saveAs: "walk-\(size.name)-close-recording")
            try app.next("unsaved recording: cancel") { try app.pressInDialog("Escape") }
            let playing = app.traceCount("clip review playing")
            try expectAudit(app, "clip", at: size) { try app.press("space") }
            try app.waitForTrace("clip review playing", occurrence: playing + 1)
            // The pointer moving over the clip shows GTK's play, position and volume controls: finger-sized too.
            let clip = try #require(app.waitForControls("clip", where: { $0.isWindow(width: size.width, height: size.height) })["clip"])
            try expectAudit(app, "clip-controls", at: size) {
                for step in 0..<3 { try app.movePointer(toX: clip.x + clip.width / 2 + step * 8, y: clip.y + clip.height / 2) }
            }
            _ = try app.screenshot(saveAs: "walk-\(size.name)-clip")
            // The pointer off the clip (on the header bar), or the next size's
            // clip would be audited with its controls sliding in.
            try app.movePointer(toX: 4, y: 4)
            // Retake: live again, still in video mode, for the next size.
            try app.next("→ live") { try app.press("r") }
        }
    }

    /// Every status page: never asked, not now, denied, restricted, no camera, busy,
    /// failed, PipeWire out of reach, disconnected (one scripted walk, a Try Again each), and an
    /// unknown `--camera`; each at every size: audited, and laid out
    /// (beside the text on the phone on its side), its buttons inside the
    /// window and finger-sized, nothing cut, no text that scrolls, titles in
    /// even lines.
    @Test(.takesLong, arguments: walkLanguages)
    func everyStatusPageFits(_ language: String) throws {
        let sizes = Self.walkSizes(language)
        let both: Set<String> = ["primary", "secondary"]
        var current = sizes[0]
        let app = try launch(at: current, ["--script", "walk"], program: BuiltApp.scripted, until: "status page title=")
        try expectStatusPageAtEverySize(app, "explanation", sizes: sizes, current: &current, since: 0, buttons: both)
        let pages: [(key: String, page: String, buttons: Set<String>?)] = [
            ("alt+n", "not-now", nil), ("alt+c", "denied", nil), ("alt+t", "restricted", nil), ("alt+t", "no-camera", both),
            ("alt+t", "busy", nil), ("alt+t", "failed", nil), ("alt+t", "no-pipewire", nil), ("alt+t", "disconnected", nil),
        ]
        for (key, page, buttons) in pages {
            let since = app.traceLines.count
            try app.press(key)
            try expectStatusPageAtEverySize(app, page, sizes: sizes, current: &current, since: since, buttons: buttons)
        }
        var unknownAt = sizes[0]
        let unknown = try launch(at: unknownAt, ["--camera", "nope"], until: "status page title=")
        try expectStatusPageAtEverySize(unknown, "unknown-camera", sizes: sizes, current: &unknownAt, since: 0, buttons: both)
    }
}
