import Foundation
import Testing

/// Fullscreen (F11) hides the header bar; an on-screen button leaves it, for
/// touch screens where F11 and Esc are out of reach. It used to have no way out.
extension AppWindowTests {
    static let fullscreenSizes = [
        ScreenSize(name: "phone-portrait", width: 360, height: 720),
        ScreenSize(name: "phone-landscape", width: 720, height: 360),
        ScreenSize(name: "desktop", width: 1280, height: 800),
    ]

    @Test(arguments: fullscreenSizes)
    func fullscreenHasAButtonThatLeavesIt(_ size: ScreenSize) throws {
        let screen = XDisplay.withWindowManager(width: size.width, height: size.height)
        let app = try AppSession(["--camera", "test"], on: screen)
        try app.waitForTrace("viewfinder showing frames")
        try app.press("F11")
        try app.waitForTrace("fullscreen true header hidden")
        let line = try app.waitForTrace("controls live in ", where: { $0.contains("leave-fullscreen ") })
        let controls = try #require(controlRectangles(in: line), "\(line)")
        let button = try #require(controls["leave-fullscreen"])
        let window = try #require(controlsWindowSize(in: line))
        #expect(window.width == size.width && window.height == size.height, "not fullscreen: \(line)")
        #expect(button.x >= 0 && button.y >= 0 && button.x + button.width <= window.width && button.y + button.height <= window.height,
                "\(size): the button is not inside the window: \(line)")
        #expect(button.width >= 44 && button.height >= 44, "\(size): the button is \(button.width)x\(button.height)")
        for (name, other) in controls where name != "leave-fullscreen" {
            let apart = button.x + button.width <= other.x || other.x + other.width <= button.x
                || button.y + button.height <= other.y || other.y + other.height <= button.y
            #expect(apart, "\(size): the button covers \(name): \(line)")
        }
        _ = try app.screenshot(saveAs: "\(size.name)-fullscreen")
        // A click (XTest, as a finger's tap reaches GTK) in its middle.
        try screen.run("xdotool", ["mousemove", "--window", app.windowID, String(button.x + button.width / 2), String(button.y + button.height / 2)])
        try screen.run("xdotool", ["click", "1"])
        try app.waitForTrace("fullscreen false header shown")
        let after = try app.waitForTrace("controls live in ", where: { !$0.contains("leave-fullscreen") && $0.contains("menu ") })
        #expect(!after.contains("leave-fullscreen"), "the button stays out of fullscreen: \(after)")
        // Esc keeps its meaning: it leaves fullscreen too.
        try app.press("F11")
        try app.waitForTrace("fullscreen true header hidden", occurrence: 2)
        try app.press("Escape")
        try app.waitForTrace("fullscreen false header shown", occurrence: 2)
    }

    /// `name x y w h` entries of a `controls PAGE in WxH: …` trace line.
    func controlRectangles(in line: String) -> [String: (x: Int, y: Int, width: Int, height: Int)]? {
        guard let inRange = line.range(of: " in "), let colon = line.range(of: ": ", range: inRange.upperBound..<line.endIndex) else { return nil }
        var found: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
        for entry in line[colon.upperBound...].split(separator: ";") {
            let words = entry.split(separator: " ")
            guard words.count == 5, let x = Int(words[1]), let y = Int(words[2]), let w = Int(words[3]), let h = Int(words[4]) else { return nil }
            found[String(words[0])] = (x, y, w, h)
        }
        return found
    }

    /// The surface size of a `controls PAGE in WxH: …` trace line.
    func controlsWindowSize(in line: String) -> (width: Int, height: Int)? {
        guard let range = line.range(of: " in ") else { return nil }
        let parts = line[range.upperBound...].prefix { $0 != ":" }.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
