import Foundation
import Testing

extension AppWindowTests {
    /// Every key the shortcuts window lists is pressed here and does what its row says;
    /// a key listed that this test does not press fails it (so a new row needs a check).
    /// Two cameras (for C), and a window manager (for F11).
    @Test(.takesLong) func everyListedShortcutDoesWhatItSays() throws {
        let screen = XDisplay.withWindowManager(width: 1280, height: 800)
        let first = "test:640x360@30", second = "test:1280x720@30"
        let app = try AppSession(["--cameras", "\(first),\(second)"], program: BuiltApp.scripted, on: screen)
        try app.waitForTrace("viewfinder showing frames")
        try app.waitForTrace("switcher shown with 2 cameras")
        var pressed: Set<String> = []
        /// Presses `key` (a GTK accelerator, as listed), waits for `trace`; the key counts as checked in `group`.
        func press(_ group: String, _ key: String, expect trace: String) throws {
            let name = key.replacingOccurrences(of: "<Control>", with: "ctrl+").replacingOccurrences(of: "<Shift>", with: "shift+")
            try app.next(trace, after: { try app.press(name) })
            pressed.insert("\(group) \(key)")
        }
        /// Closes a dialog of the app with Esc.
        func closeWithEscape(_ title: String) throws {
            let id = try app.waitForWindow(named: title)
            try app.screen.run("xdotool", ["windowfocus", "--sync", id])
            try app.screen.run("xdotool", ["key", "Escape"])
            try app.waitUntilGone(id)
        }

        try press("window", "<Control>question", expect: "window shortcuts in ")
        let listed = try Self.listedShortcuts(app)
        try closeWithEscape("Keyboard Shortcuts")

        // The camera.
        try press("camera", "v", expect: "shutter shows startRecording")
        try app.next("shutter shows takePhoto", after: { try app.press("v") })
        try press("camera", "t", expect: "timer 3")
        try app.next("timer 10", after: { try app.press("t") })
        try app.next("timer 0", after: { try app.press("t") })
        try press("camera", "g", expect: "grid shown")
        try app.next("grid hidden", after: { try app.press("g") })
        try press("camera", "o", expect: "circle guide shown")
        try app.next("circle guide hidden", after: { try app.press("o") })
        try press("camera", "f", expect: "follow faces on")
        try app.next("follow faces off", after: { try app.press("f") })
        try press("camera", "plus", expect: "zoom shows 1.3×")
        try press("camera", "minus", expect: "zoom shows 1×")
        try app.next("zoom shows 1.3×", after: { try app.press("plus") })
        try press("camera", "0", expect: "zoom shows 1×")
        try press("camera", "m", expect: "viewfinder now mirrored true")
        try app.next("viewfinder now mirrored false", after: { try app.press("m") })
        try press("camera", "c", expect: "camera chosen \(second)")
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
        // The countdown: Esc stops it, and so does the shutter key again.
        try app.next("timer 3", after: { try app.press("t") })
        try app.next("countdown 3", after: { try app.press("space") })
        try press("camera", "Escape", expect: "countdown hidden")
        try app.next("countdown 3", after: { try app.press("space") })
        try app.next("countdown hidden", after: { try app.press("space") })
        try app.next("timer 10", after: { try app.press("t") })
        try app.next("timer 0", after: { try app.press("t") })
        try press("camera", "space", expect: "→ reviewing")

        // Review (Enter goes to Save, the focused button when review opens), and the editor.
        try press("review", "r", expect: "retake → live")
        try press("camera", "Return", expect: "review showing")
        var lives = app.traceCount("→ live")
        try press("review", "Return", expect: "saved ")
        try app.waitForTrace("→ live", occurrence: lives + 1)
        try app.next("review showing", after: { try app.press("space") })
        try press("review", "e", expect: "editor showing crop")
        try press("editor", "plus", expect: "editor crop ")
        try app.next("editor crop ", after: { try app.press("plus") })
        for key in ["Left", "Right", "Up", "Down", "<Shift>Left", "<Shift>Right", "<Shift>Up", "<Shift>Down"] {
            let before = try Self.crop(in: app.waitForTrace("editor crop ", occurrence: app.traceCount("editor crop ")))
            try press("editor", key, expect: "editor crop ")
            let after = try Self.crop(in: app.waitForTrace("editor crop ", occurrence: app.traceCount("editor crop ")))
            #expect(before != after && before.side == after.side, "\(key) did not move the square: \(before) → \(after)")
        }
        try press("editor", "minus", expect: "editor crop ")
        try press("editor", "0", expect: "editor crop ")
        try press("editor", "Escape", expect: "cancel → reviewing")
        try app.next("editor showing crop", after: { try app.press("e") })
        // Enter in the editor is Save Square: that square is saved.
        lives = app.traceCount("→ live")
        try press("editor", "Return", expect: "saved ")
        #expect(try app.waitForTrace("editDone(").contains("→ saving"))
        try app.waitForTrace("→ live", occurrence: lives + 1)
        try app.next("review showing", after: { try app.press("space") })
        lives = app.traceCount("→ live")
        try press("review", "<Control>s", expect: "saved ")
        try app.waitForTrace("→ live", occurrence: lives + 1)
        #expect(app.savedPhotos.count == 3, "Enter on review, Enter in the editor and Ctrl+S each saved a photo: \(app.savedPhotos)")

        // The window.
        try press("window", "F11", expect: "fullscreen true")
        try press("window", "Escape", expect: "fullscreen false")
        try press("window", "<Control>comma", expect: "window preferences in ")
        try closeWithEscape("Preferences")
        try press("window", "F10", expect: "main menu open true")
        try app.next("main menu open false", after: { try app.press("Escape") })
        try press("window", "<Control>w", expect: "close → ")
        #expect(try app.waitForExit() == 0)
        let again = try AppSession(["--camera", Self.testCamera], on: screen)
        try again.waitForTrace("viewfinder showing frames")
        try again.press("ctrl+q")
        #expect(try again.waitForExit() == 0)
        pressed.insert("window <Control>q")

        let listedKeys = listed.flatMap { row in row.keys.map { "\(row.group) \($0)" } }
        #expect(!listedKeys.isEmpty)
        for key in listedKeys {
            #expect(pressed.contains(key), "'\(key)' is listed in the shortcuts window, and this test never pressed it")
        }
    }

    /// The crop of an `editor crop WxH+X+Y` line.
    static func crop(in line: String) throws -> (side: Int, x: Int, y: Int) {
        let text = try #require(line.components(separatedBy: "editor crop ").last)
        let numbers = text.split { !$0.isNumber }.compactMap { Int($0) }
        try #require(numbers.count >= 4, "\(line)")
        return (numbers[0], numbers[2], numbers[3])
    }
}
