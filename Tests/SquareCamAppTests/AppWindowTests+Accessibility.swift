import Foundation
import Testing

/// What a screen reader gets of the app, read off a private accessibility bus
/// with pyatspi (harness/a11y/atspi_session.py), in English and Japanese; and the
/// keyboard rules around the shutter keys.
extension AppWindowTests {
    /// The words a test expects, in each language it runs in.
    struct Words: CustomStringConvertible, Sendable {
        var language: String?
        var takePhoto: String, retake: String, edit: String, save: String, cropArea: String, photoToReview: String
        var photoSaved: String, open: String, dismiss: String, noCamera: String, useTestPattern: String, tryAgain: String
        /// The crop square's place in words: side, from the left, from the top.
        var square: @Sendable (Int, Int, Int) -> String
        var description: String { language ?? "en" }
    }

    static let english = Words(
        language: nil, takePhoto: "Take Photo", retake: "Retake", edit: "Edit", save: "Save", cropArea: "Crop Area",
        photoToReview: "Photo to Review",
        photoSaved: "Saved to Pictures › Camera", open: "Open", dismiss: "Dismiss", noCamera: "No camera found",
        useTestPattern: "Use Test Pattern", tryAgain: "Try Again",
        square: { "Square \($0) pixels, \($1) from the left, \($2) from the top" })
    static let japanese = Words(
        language: "ja", takePhoto: "撮影", retake: "撮り直す", edit: "編集", save: "保存", cropArea: "切り抜き範囲",
        photoToReview: "確認する写真",
        photoSaved: "ピクチャ › Camera に保存しました", open: "開く", dismiss: "閉じる", noCamera: "カメラが見つかりません",
        useTestPattern: "テストパターンを使う", tryAgain: "再試行",
        square: { "正方形 \($0) ピクセル、左から \($1)、上から \($2)" })

    /// The app on a private accessibility bus (GTK's AT-SPI backend on), in `words`' language.
    func accessibleApp(_ arguments: [String], program: String = BuiltApp.product, words: Words = english,
                       environment extra: [String: String] = [:], wayland: Weston? = nil) throws -> (AccessibilityBus, AppSession) {
        let bus = try AccessibilityBus()
        var environment = bus.environment.merging(extra) { $1 }
        if let language = words.language {
            environment["LANGUAGE"] = language
            environment["LANG"] = "C.UTF-8"
        }
        return (bus, try AppSession(arguments, program: program, environment: environment, wayland: wayland))
    }

    /// Every control on a page: named, the name read once (not "Retake Retake",
    /// not "撮り直す 撮り直す(R)", not a GTK type name, no mnemonic underscore).
    func expectNamedOnce(_ page: AccessibleNode, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = page.all.filter { ["push button", "toggle button", "check box", "slider", "combo box"].contains($0.role) }
        #expect(!controls.isEmpty, "\(context): no controls in\n\(page.outline)", sourceLocation: sourceLocation)
        for control in controls {
            let name = control.name
            let words = name.split(separator: " ")
            let halves = words.count % 2 == 0 && words.count > 0 && words.prefix(words.count / 2) == words.suffix(words.count / 2)
            let repeated = halves || (words.count == 2 && words[1].hasPrefix(words[0]))
            #expect(!name.isEmpty && !name.hasPrefix("Gtk") && !name.hasPrefix("Adw") && !name.contains("_") && !repeated,
                    "\(context): \(control.role) named '\(name)'", sourceLocation: sourceLocation)
        }
    }

    /// Runs one part of a longer test; a part that fails is recorded and the next one still runs.
    func part(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        do { try body() } catch { Issue.record("\(name): \(error)", sourceLocation: sourceLocation) }
    }

    @Test(.takesLong, arguments: [english, japanese])
    func screenReadersReadEachControlOnceWithItsState(_ words: Words) throws {
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera], words: words)
        try app.waitForTrace("viewfinder showing frames")
        let tree = try bus.tree(of: app) { $0.first { $0.name == words.takePhoto && $0.isFocused } != nil }
        let live = try #require(tree.page(containing: words.takePhoto), "\(tree.outline)")
        expectNamedOnce(live, "\(words) live")
        part("grid, round avatar guide, follow the face and mirror say they are off, then on") {
            // Two-state controls (switches, check boxes to AT-SPI), off; Grid on once G is pressed.
            let toggles = live.all.filter { $0.role == "check box" }
            #expect(toggles.count == 4 && toggles.allSatisfy { !$0.states.contains("checked") }, "\(live.outline)")
            try app.press("g")
            try app.waitForTrace("grid shown")
            let grid = try bus.tree(of: app) { $0.first { $0.name == toggles.first?.name && $0.states.contains("checked") } != nil }
            #expect(grid.first { $0.name == toggles.last?.name }.map { !$0.states.contains("checked") } == true)
        }

        try app.press("space")
        try app.waitForTrace("review showing")
        part("the review page's buttons") {
            let review = try #require(try bus.tree(of: app) { $0.first { $0.name.hasPrefix(words.save) && $0.isFocused } != nil }
                .page(containing: words.photoToReview))
            expectNamedOnce(review, "\(words) review")
            #expect(review.first { $0.role == "push button" && $0.name == words.retake } != nil, "\(review.outline)")
        }

        // The crop square says where it is, and says it again as the arrow keys move it.
        try app.press("e")
        try app.waitForTrace("editor showing crop 1080x1080+420+0")
        part("the crop square's place in words") {
            let editor = try bus.tree(of: app) { $0.first { $0.name == words.cropArea && $0.isFocused } != nil }
            let square = try #require(editor.first { $0.name == words.cropArea })
            #expect(square.role == "slider" && square.description == words.square(1080, 420, 0), "\(square.summary)")
            expectNamedOnce(try #require(editor.page(containing: words.cropArea)), "\(words) editor")
            _ = try bus.events(of: app)
            try app.press("Right")
            try app.waitForTrace("editor crop 1080x1080+430+0")
            let (moved, _) = try bus.waitForEvent(of: app) { $0.type == "object:property-change:accessible-description" && $0.sourceName == words.cropArea }
            #expect(moved.data == words.square(1080, 430, 0), "\(moved)")
        }

        // Esc: back on the review page, where the user left it, on Edit.
        try app.press("Escape")
        try app.waitForTrace("cancel → reviewing")
        part("the focus after Esc in the editor") {
            _ = try bus.tree(of: app) { $0.first { $0.name.hasPrefix(words.edit) && $0.role == "push button" && $0.isFocused } != nil }
        }

        // Save: "Saved to Pictures › Camera" reaches the bus, on the focused shutter; the toast's buttons have names.
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        part("the toast's buttons") {
            // The pointer rests on the toast, so it stays while the tree is read
            // (which takes longer than its 4 s under AddressSanitizer). On a
            // starved machine the toast can go before the pointer reaches it:
            // then another photo is saved, the pointer waiting where it shows.
            var found: AccessibleNode?
            var place: [Int] = []
            for attempt in 1...3 where found == nil {
                if attempt > 1 {
                    try app.next("review showing", after: { try app.press("space") })
                    try app.press("ctrl+s")
                }
                // Until the toast shows, the pointer moves to and fro where the
                // last one showed: a widget appearing under a still pointer is
                // not hovered, one under a moving pointer is at once.
                let deadline = Date().addingTimeInterval(30)
                var wiggle = 0
                while app.traceCount("toast showing at ") < attempt, Date() < deadline {
                    if place.count >= 2 { try app.movePointer(toX: place[0] + 8 + wiggle % 2, y: place[1] + 8) }
                    wiggle += 1
                    usleep(100_000)
                }
                let shown = try app.waitForTrace("toast showing at ", occurrence: attempt)
                place = shown.components(separatedBy: " at ")[1].split(separator: " ").compactMap { Int($0) }
                try #require(place.count >= 2, "\(shown)")
                try app.movePointer(toX: place[0] + 10, y: place[1] + 10)
                found = try? bus.tree(of: app, timeout: 10) { $0.first { $0.name.contains(words.open) } != nil }
            }
            let toast = try #require(found, "the toast went three times before its buttons could be read")
            #expect(toast.first { $0.role == "push button" && $0.name == words.open } != nil, "\(toast.outline)")
            #expect(toast.first { $0.role == "push button" && $0.name == words.dismiss } != nil, "\(toast.outline)")
        }
        part("the toast") {
            let (saved, _) = try bus.waitForEvent(of: app) { $0.type == "object:property-change:accessible-description" && $0.data == words.photoSaved }
            #expect(saved.sourceName == words.takePhoto, "\(saved)")
        }
    }

    @Test(arguments: [english, japanese])
    func statusPageTitlesAreHeadings(_ words: Words) throws {
        let (bus, app) = try accessibleApp(["--script", "no-camera"], program: BuiltApp.scripted, words: words)
        try app.waitForTrace("status page title=")
        let tree = try bus.tree(of: app) { $0.first { $0.name == words.useTestPattern } != nil }
        let page = try #require(tree.page(containing: words.useTestPattern))
        #expect(page.first { $0.role == "heading" && $0.name == words.noCamera } != nil, "\(page.outline)")
        #expect(page.first { $0.role == "push button" && $0.name == words.tryAgain } != nil, "\(page.outline)")
        expectNamedOnce(page, "\(words) no camera")
    }

    /// The countdown's digits reach the bus, spoken by the focused shutter.
    @Test(.takesLong) func theCountdownIsAnnounced() throws {
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        _ = try bus.tree(of: app) { $0.first { $0.name == "Take Photo" && $0.isFocused } != nil }
        try app.press("t", "space")
        var spoken: [String] = []
        for digit in ["3", "2", "1"] {
            let (event, _) = try bus.waitForEvent(of: app) { $0.type == "object:property-change:accessible-description" && $0.data == digit }
            spoken.append("\(event.sourceName): \(event.data)")
        }
        #expect(spoken == ["Take Photo: 3", "Take Photo: 2", "Take Photo: 1"], "\(spoken)")
        try app.waitForTrace("→ reviewing")
    }

    /// Space and Enter go to the focused control (GNOME's rule); with the
    /// shutter focused, and after a menu or dialog closes, they take the photo.
    @Test(.takesLong) func spaceAndEnterActivateTheFocusedControl() throws {
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        _ = try bus.tree(of: app) { $0.first { $0.name == "Take Photo" && $0.isFocused } != nil }
        // Tab goes round every control once, each with a name.
        var order: [String] = []
        _ = try bus.events(of: app)
        for _ in 0..<12 {
            try app.press("Tab")
            let (focused, _) = try bus.waitForEvent(of: app) { $0.type == "object:state-changed:focused" && $0.detail == 1 }
            order.append(focused.sourceName)
            if focused.sourceName == "Take Photo" { break }
        }
        // After the shutter: the photo/video switch, then the header, the picture's toggles and its zoom.
        #expect(order == ["Photo (V)", "Video (V)", "Main Menu", "Countdown Off", "Rule-of-Thirds Grid (G)", "Round Avatar Guide (O)",
                          "Follow the Face (F)", "Mirror the Viewfinder (M)", "Zoom 1×", "Take Photo"], "\(order)")
        // Tab to Countdown: Space sets it, and takes no photo.
        try app.press("Tab", "Tab", "Tab", "Tab")
        _ = try bus.tree(of: app) { $0.first { $0.name == "Countdown Off" && $0.isFocused } != nil }
        try app.press("space")
        try app.waitForTrace("timer 3")
        try app.press("Tab")
        _ = try bus.tree(of: app) { $0.first { $0.name.hasPrefix("Rule-of-Thirds") && $0.isFocused } != nil }
        try app.press("Return")
        try app.waitForTrace("grid shown")
        #expect(!app.log.contains("shutter →"), "Space or Enter on a focused control took a photo")
        // The main menu opened and closed with the keyboard: the focus is the shutter's again.
        try app.press("F10")
        try app.waitForTrace("main menu open true")
        try app.press("Escape")
        try app.waitForTrace("main menu open false")
        _ = try bus.tree(of: app) { $0.first { $0.name == "Take Photo" && $0.isFocused } != nil }
        try app.press("Tab", "Tab", "Tab", "Tab", "Tab")
        _ = try bus.tree(of: app) { $0.first { $0.name.hasPrefix("Rule-of-Thirds") && $0.isFocused } != nil }
        // So too after a dialog (Preferences, opened with its shortcut while Grid had the focus).
        try app.press("ctrl+comma")
        let preferences = try app.waitForWindow(named: "Preferences")
        try XDisplay.shared.run("xdotool", ["windowfocus", "--sync", preferences])
        try XDisplay.shared.run("xdotool", ["key", "Escape"])
        _ = try bus.tree(of: app) { $0.first { $0.name == "Take Photo" && $0.isFocused } != nil }
        try app.press("space")
        try app.waitForTrace("countdown 3")
    }

    /// The crop square, which takes the arrow keys, shows that it has the focus:
    /// a ring in the accent colour along the edge of its area.
    @Test func theCropSquareShowsAFocusRing() throws {
        let app = try appInTheCropEditor()
        try app.press("Right")
        try app.waitForTrace("editor crop ")
        let controls = try app.waitForControls("editor")
        let area = try #require(controls["crop-square"], "\(controls.line)")
        let shot = try app.screenshot(saveAs: "crop-focus")
        // A band two pixels deep just inside the area's edge.
        let bands = [
            shot.cropped(x: area.x + 4, y: area.y, width: area.width - 8, height: 2),
            shot.cropped(x: area.x + 4, y: area.y + area.height - 2, width: area.width - 8, height: 2),
            shot.cropped(x: area.x, y: area.y + 4, width: 2, height: area.height - 8),
            shot.cropped(x: area.x + area.width - 2, y: area.y + 4, width: 2, height: area.height - 8),
        ]
        for band in bands {
            let accent = band.fraction { $0.b > 150 && $0.r < 120 && $0.b - $0.r > 80 }
            #expect(accent > 0.8, "only \(accent) of the crop area's edge is in the accent colour")
        }
    }
}
