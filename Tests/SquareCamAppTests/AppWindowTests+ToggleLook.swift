import Foundation
import Testing

extension AppWindowTests {
    /// Grid and mirror that are on look nothing like off (they were a slightly
    /// lighter circle): over a plain grey picture, each button's area changes by
    /// far more than that when it is turned on.
    @Test func gridAndMirrorOnAreUnmistakable() throws {
        let grey = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-grey-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: grey) }
        try XDisplay.shared.run("convert", ["-size", "1280x720", "xc:gray50", grey.path])
        let app = try AppSession(["--camera", "file:" + grey.path])
        try app.waitForTrace("viewfinder showing frames")
        let controls = try app.waitForControls("live")
        let off = try app.screenshot(saveAs: "toggles-off")
        try app.press("g", "m")
        try app.waitForTrace("grid shown")
        try app.waitForTrace("viewfinder now mirrored true")
        // The trace comes when the state changes; the button's new look is
        // painted a moment later, which under the whole suite's load came
        // after a screenshot taken at once: look until it shows (5 s at most).
        let difference = { (name: String, on: Picture) throws -> Double in
            let button = try #require(controls[name], "\(controls.line)")
            let before = off.cropped(x: button.x, y: button.y, width: button.width, height: button.height)
            return on.cropped(x: button.x, y: button.y, width: button.width, height: button.height).meanDifference(to: before)
        }
        var on = try app.screenshot(saveAs: "toggles-on")
        let deadline = Date().addingTimeInterval(5)
        while try (difference("grid", on) <= 40 || difference("mirror", on) <= 40), Date() < deadline {
            on = try app.screenshot(saveAs: "toggles-on")
        }
        for name in ["grid", "mirror"] {
            let changed = try difference(name, on)
            #expect(changed > 40, "\(name) on differs from off by only \(changed) per channel")
        }
    }
}
