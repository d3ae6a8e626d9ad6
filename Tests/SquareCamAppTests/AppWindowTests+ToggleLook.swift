import Foundation
import Testing

extension AppWindowTests {
    /// Grid and mirror that are on look nothing like off (they were a slightly
    /// lighter circle): over a plain grey picture, each button's area changes by
    /// far more than that when it is turned on.
    @Test func gridAndMirrorOnAreUnmistakable() throws {
        let (app, grey) = try appShowingPlainGrey()
        defer { try? FileManager.default.removeItem(at: grey) }
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

    /// The buttons over the picture keep libadwaita's OSD look now that their
    /// backdrops are images (OSDButtonFace): over a plain grey picture each is a
    /// translucent dark circle or pill (its box's corners show the picture),
    /// lighter under the pointer, and filled with the accent colour when on.
    @Test func buttonsOverThePictureKeepTheirRoundBackdrops() throws {
        let (app, grey) = try appShowingPlainGrey()
        defer { try? FileManager.default.removeItem(at: grey) }
        let controls = try app.waitForControls("live")
        let shot = try app.screenshot(saveAs: "osd-faces")
        let picture = 128, backdrop = 128 * 35 / 100  // black at 65 % over the picture
        func looksGrey(_ pixel: (r: Int, g: Int, b: Int), near value: Int) -> Bool {
            [pixel.r, pixel.g, pixel.b].allSatisfy { abs($0 - value) <= 14 }
        }
        /// Inside the shape at its left end, level with its centre (clear of icon and label).
        func insideLeft(_ box: ControlsTrace.Box) -> (x: Int, y: Int) { (box.x + 4, box.centre.y) }
        for name in ["timer", "grid", "circle", "mirror", "zoom"] {
            let box = try #require(controls[name], "\(name) is not traced: \(controls.line)")
            let inside = insideLeft(box)
            #expect(looksGrey(shot.pixel(inside.x, inside.y), near: backdrop),
                    "\(name): no dark backdrop at its left end: \(shot.pixel(inside.x, inside.y)) at \(inside), box \(box)")
            for corner in [(box.x + 1, box.y + 1), (box.x + box.width - 2, box.y + 1),
                           (box.x + 1, box.y + box.height - 2), (box.x + box.width - 2, box.y + box.height - 2)] {
                #expect(looksGrey(shot.pixel(corner.0, corner.1), near: picture),
                        "\(name): the corner \(corner) is not the picture (the backdrop is not round): \(shot.pixel(corner.0, corner.1)), box \(box)")
            }
        }
        // Under the pointer: lighter, as libadwaita's OSD buttons are.
        let circle = try #require(controls["circle"])
        try app.movePointer(toX: circle.centre.x, y: circle.centre.y)
        let point = insideLeft(circle)
        var hovered = try app.screenshot(saveAs: "osd-faces-hover")
        let deadline = Date().addingTimeInterval(5)
        while hovered.pixel(point.x, point.y).g < backdrop + 15, Date() < deadline {
            hovered = try app.screenshot(saveAs: "osd-faces-hover")
        }
        #expect(hovered.pixel(point.x, point.y).g >= backdrop + 15,
                "the circle button under the pointer is not lighter: \(hovered.pixel(point.x, point.y))")
        // On: the accent colour fills it.
        try app.press("g")
        try app.waitForTrace("grid shown")
        let grid = try #require(controls["grid"])
        let onPoint = insideLeft(grid)
        var on = try app.screenshot(saveAs: "osd-faces-on")
        while on.pixel(onPoint.x, onPoint.y).b < on.pixel(onPoint.x, onPoint.y).r + 80, Date() < deadline.addingTimeInterval(5) {
            on = try app.screenshot(saveAs: "osd-faces-on")
        }
        let accent = on.pixel(onPoint.x, onPoint.y)
        #expect(accent.b > accent.r + 80 && accent.b > 180, "the grid button that is on is not accent blue: \(accent)")
    }

    /// The app live on a camera that shows mid grey (a picture file, which the caller removes).
    private func appShowingPlainGrey() throws -> (AppSession, URL) {
        let grey = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-grey-\(UUID().uuidString).jpg")
        do {
            try XDisplay.shared.run("convert", ["-size", "1280x720", "xc:gray50", grey.path])
            let app = try AppSession(["--camera", "file:" + grey.path])
            try app.waitForTrace("viewfinder showing frames")
            return (app, grey)
        } catch {
            try? FileManager.default.removeItem(at: grey)
            throw error
        }
    }
}
