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
        let on = try app.screenshot(saveAs: "toggles-on")
        for name in ["grid", "mirror"] {
            let button = try #require(controls[name], "\(controls.line)")
            let before = off.cropped(x: button.x, y: button.y, width: button.width, height: button.height)
            let after = on.cropped(x: button.x, y: button.y, width: button.width, height: button.height)
            let difference = after.meanDifference(to: before)
            #expect(difference > 40, "\(name) on differs from off by only \(difference) per channel")
        }
    }
}
