import Foundation
import Testing

/// The app on GTK's Wayland path, as on GNOME desktops and Linux phones: a
/// headless Weston and no X server in the app's environment at all. Wayland
/// lets no test press keys, so the buttons are clicked through their
/// accessible actions, as a screen reader's user would.
extension AppWindowTests {
    /// Live, shutter, review, the editor, save: the photo lands in the folder.
    @Test(.takesLong) func liveShotEditAndSaveUnderWayland() throws {
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera], wayland: .shared)
        try app.waitForTrace("viewfinder showing frames at ")
        // The test pattern's bars are on the compositor's screen (pure cyan and magenta).
        let cyan = { (picture: Picture) in picture.fraction { $0.r < 40 && $0.g > 200 && $0.b > 200 } }
        let magenta = { (picture: Picture) in picture.fraction { $0.r > 200 && $0.g < 40 && $0.b > 200 } }
        let live = try Weston.shared.screenshot(saveAs: "wayland-live", waitingUpTo: 5) { cyan($0) > 0.03 && magenta($0) > 0.02 }
        #expect(cyan(live) > 0.03, "no test pattern on the Wayland screen")
        #expect(magenta(live) > 0.02, "no test pattern on the Wayland screen")

        // Save on the review page, then Save Square in the editor: two photos in the folder.
        try bus.activate("Take Photo", in: app)
        try app.waitForTrace("review showing at ")
        _ = try Weston.shared.screenshot(saveAs: "wayland-review")
        try bus.activate("Save", in: app)
        let first = try app.savedPhotoPath(occurrence: 1)
        try bus.activate("Take Photo", in: app)
        try app.waitForTrace("review showing at ", occurrence: 2)
        try bus.activate("Edit", in: app)
        try app.waitForTrace("editor showing crop 1080x1080+420+0")
        _ = try Weston.shared.screenshot(saveAs: "wayland-editor")
        try bus.activate("Save Square", in: app)
        let second = try app.savedPhotoPath(occurrence: 2)
        #expect(first != second)
        for path in [first, second] {
            let photo = try Picture(jpeg: URL(fileURLWithPath: path))
            #expect(photo.width == 1080 && photo.height == 1080, "\(path): \(photo.width)x\(photo.height)")
            #expect(path.hasPrefix(app.home.appendingPathComponent("Pictures").path), "\(path)")
        }
    }

    /// A status page (no camera): its heading and buttons, drawn; Use Test Pattern goes live.
    @Test func aStatusPageUnderWayland() throws {
        let (bus, app) = try accessibleApp(["--script", "no-camera"], program: BuiltApp.scripted, wayland: .shared)
        try app.waitForTrace("status page title=No camera found")
        let tree = try bus.tree(of: app) { $0.first { $0.name == "Use Test Pattern" } != nil }
        let page = try #require(tree.page(containing: "Use Test Pattern"), "\(tree.outline)")
        #expect(page.first { $0.role == "heading" && $0.name == "No camera found" } != nil, "\(page.outline)")
        // The page is drawn: the suggested button's accent blue is on the screen, the test pattern is not.
        let shot = try Weston.shared.screenshot(saveAs: "wayland-no-camera")
        #expect(shot.fraction { $0.r < 80 && $0.g > 100 && $0.g < 160 && $0.b > 200 } > 0.001, "no suggested button drawn")
        #expect(shot.fraction { $0.r < 40 && $0.g > 200 && $0.b > 200 } < 0.01, "a test pattern on the no-camera page")
        try bus.activate("Use Test Pattern", in: app)
        try app.waitForTrace("viewfinder showing frames")
    }

    /// A phone's screen under Wayland, upright (360×720) and on its side
    /// (720×360), where Weston's desktop shell leaves a window its own size
    /// (600×760 would hang off the screen): the app is maximized, its pages
    /// fill the screen with every control inside it and finger-sized (the
    /// layout audit), and a photo is taken and reviewed there.
    @Test(.takesLong, arguments: [(360, 720), (720, 360)])
    func aPhoneSizedScreenUnderWayland(width: Int, height: Int) throws {
        let weston = Weston.sized(width: width, height: height)
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera], wayland: weston)
        try app.waitForTrace("window maximized: the largest screen is \(width)x\(height)")
        // The screen's width, and its height less the shell's panel (32 px).
        let fillsTheScreen = { (line: String) -> Bool in
            guard let window = ControlsTrace.size(after: " in ", in: line) else { return false }
            return window.width == width && window.height <= height && window.height >= height - 40
        }
        for (page, action) in [("live", nil), ("review", "Take Photo")] as [(String, String?)] {
            let since = app.traceLines.count
            if let action { try bus.activate(action, in: app) }
            let audit = try app.waitForTrace("audit \(page) in ", after: since, where: { fillsTheScreen($0) && $0.hasSuffix("problems: none") },
                                             timeout: 20)
            #expect(audit.hasSuffix("problems: none"), "\(audit)")
        }
        // The photo under review is on the compositor's screen: the test pattern's bars.
        let cyan = { (picture: Picture) in picture.fraction { $0.r < 40 && $0.g > 200 && $0.b > 200 } }
        let shot = try weston.screenshot(saveAs: "wayland-phone-\(width)x\(height)-review", waitingUpTo: 5) { cyan($0) > 0.03 }
        #expect(shot.width == width && shot.height == height)
        #expect(cyan(shot) > 0.03, "no photo on the phone's Wayland screen")
    }
}
