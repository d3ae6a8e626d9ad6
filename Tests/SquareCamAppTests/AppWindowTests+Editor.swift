import Foundation
import Testing

extension AppWindowTests {
    /// + and − zoom around the box's centre by one step (1.25); arrow keys nudge it by a
    /// hundredth of its side (Shift: ten times that); Done saves exactly that square.
    @Test func cropEditorZoomsWithPlusMinusAndNudgesWithArrowKeys() throws {
        let app = try appInTheCropEditor()
        var crop = (side: 1080, x: 420, y: 0)
        var steps = 0
        func next(_ key: String) throws -> (side: Int, x: Int, y: Int) {
            try app.press(key)
            steps += 1
            let line = try app.waitForTrace("editor crop ", occurrence: steps)
            return try #require(cropRect(in: line, after: "editor crop "), "\(line)")
        }
        func centre(_ box: (side: Int, x: Int, y: Int)) -> (Double, Double) {
            (Double(box.x) + Double(box.side) / 2, Double(box.y) + Double(box.side) / 2)
        }
        for (key, factor) in [("plus", 1 / 1.25), ("plus", 1 / 1.25), ("minus", 1.25)] {
            let zoomed = try next(key)
            #expect(abs(Double(zoomed.side) - Double(crop.side) * factor) <= 1, "\(key): \(crop) → \(zoomed)")
            #expect(abs(centre(zoomed).0 - centre(crop).0) <= 1 && abs(centre(zoomed).1 - centre(crop).1) <= 1,
                    "\(key) moved the centre: \(crop) → \(zoomed)")
            crop = zoomed
        }
        let step = crop.side / 100
        for (key, dx, dy) in [("Right", step, 0), ("Right", step, 0), ("Down", 0, step), ("shift+Left", -10 * step, 0), ("Up", 0, -step)] {
            let moved = try next(key)
            #expect(moved == (crop.side, crop.x + dx, crop.y + dy), "\(key): \(crop) → \(moved)")
            crop = moved
        }
        let (done, photo) = try finishEditing(app)
        #expect(done.contains("\(crop.side)x\(crop.side)+\(crop.x)+\(crop.y)"), "\(done)")
        #expect(photo.width == crop.side && photo.height == crop.side, "\(photo.width)x\(photo.height) saved for \(crop)")
        // The yellow → cyan bar edge is at x = 2 × 1920 / 7 in the frame: in
        // the photo it must sit where the crop puts it.
        let expectedEdge = 2 * 1920 / 7 - crop.x
        let row = photo.height / 10
        let edge = (1..<photo.width).first { x in photo.pixel(x - 1, row).r > 150 && photo.pixel(x, row).r < 100 }
        let found = try #require(edge, "no yellow → cyan edge in the saved photo")
        #expect(abs(found - expectedEdge) <= 3, "the bar edge is at \(found), the crop puts it at \(expectedEdge)")
    }
}

/// Parses "WxH+X+Y" after `marker` into a square crop.
func cropRect(in line: String, after marker: String) -> (side: Int, x: Int, y: Int)? {
    guard let range = line.range(of: marker) else { return nil }
    let text = line[range.upperBound...].prefix { $0.isNumber || $0 == "x" || $0 == "+" }
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
    guard parts.count == 4, parts[0] == parts[1] else { return nil }
    return (parts[0], parts[2], parts[3])
}

extension AppWindowTests {
    /// The + button and the + key zoom by the same step (the key used to zoom 9 %, the button 20 %).
    @Test func theZoomButtonsAndKeysTakeTheSameStep() throws {
        let app = try appInTheCropEditor()
        let zoomIn = try #require(try app.waitForControls("editor", where: { $0["zoom-in"] != nil })["zoom-in"])
        try app.screen.run("xdotool", ["mousemove", "--window", app.windowID, String(zoomIn.centre.x), String(zoomIn.centre.y)])
        try app.screen.run("xdotool", ["click", "1"])
        let clicked = try #require(cropRect(in: try app.waitForTrace("editor crop "), after: "editor crop "))
        try app.press("plus")
        let pressed = try #require(cropRect(in: try app.waitForTrace("editor crop ", occurrence: 2), after: "editor crop "))
        let buttonStep = 1080 / Double(clicked.side), keyStep = Double(clicked.side) / Double(pressed.side)
        #expect(abs(buttonStep - keyStep) < 0.01, "the button zooms \(buttonStep)×, the key \(keyStep)×")
    }

    /// The mouse wheel over the photo zooms the box, as + and − do.
    @Test func cropEditorZoomsWithTheScrollWheel() throws {
        let app = try appInTheCropEditor()
        try XDisplay.shared.run("xdotool", ["mousemove", "--window", app.windowID, "300", "300"])
        var sides: [Int] = []
        for (occurrence, button) in [(1, "4"), (2, "5")] {
            try XDisplay.shared.run("xdotool", ["click", button])  // XTest, at the pointer: GTK ignores sent events
            let line = try app.waitForTrace("editor crop ", occurrence: occurrence)
            sides.append(try #require(cropRect(in: line, after: "editor crop "), "\(line)").side)
        }
        // One wheel step in, one out: smaller, then back to the whole height.
        #expect(sides[0] < 1080 && sides[1] > sides[0], "\(sides)")
    }
}

extension AppWindowTests {
    /// The app on the test camera, a photo taken and the crop editor open on its widest centred square.
    func appInTheCropEditor() throws -> AppSession {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("e")
        try app.waitForTrace("editor showing crop 1080x1080+420+0")
        return app
    }

    /// Return in the editor: its editDone trace line, and the photo it saved.
    func finishEditing(_ app: AppSession) throws -> (done: String, photo: Picture) {
        try app.press("Return")
        let done = try app.waitForTrace("editDone(crop: ")
        try app.waitForTrace("saved ")
        return (done, try Picture(jpeg: try #require(app.savedPhotos.first)))
    }
}
