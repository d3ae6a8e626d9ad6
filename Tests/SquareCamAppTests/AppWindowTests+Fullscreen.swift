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
        let app = try AppSession(["--camera", Self.testCamera], on: screen)
        try app.waitForTrace("viewfinder showing frames")
        try app.press("F11")
        try app.waitForTrace("fullscreen true header hidden")
        // The layout once the window fills the screen: F11 pressed as the
        // first frame shows (a window manager still placing the window) is
        // traced first at the old size, the button not yet placed (0x0).
        let controls = try app.waitForControls("live", where: {
            $0.isWindow(width: size.width, height: size.height, tolerance: 0) && ($0["leave-fullscreen"]?.width ?? 0) > 0
        })
        let button = try #require(controls["leave-fullscreen"])
        #expect(controls.isWindow(width: size.width, height: size.height, tolerance: 0), "not fullscreen: \(controls.line)")
        controls.expectEveryControlFits("\(size)")
        for (name, other) in controls.boxes where name != "leave-fullscreen" {
            #expect(!button.overlaps(other), "\(size): the button covers \(name): \(controls.line)")
        }
        _ = try app.screenshot(saveAs: "\(size.name)-fullscreen")
        // A click (XTest, as a finger's tap reaches GTK) in its middle.
        try screen.run("xdotool", ["mousemove", "--window", app.windowID, String(button.centre.x), String(button.centre.y)])
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
}
