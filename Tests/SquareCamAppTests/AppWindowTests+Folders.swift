import Foundation
import Testing

/// Where the file choosers open and how the save folder is named: Save As…
/// opened in the working directory, the preferences' folder chooser on an
/// empty Recent, and a chosen folder showed as a raw path.
extension AppWindowTests {
    /// Save As… (offered once a save failed) opens in the photos folder, or
    /// the nearest folder above it that exists, not in the working directory.
    @Test func saveAsOpensAtThePhotosFolder() throws {
        let app = try AppSession(["--camera", Self.testCamera], environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        try app.waitForTrace("save problem shown: ")
        try app.press("alt+a")
        let dialog = try app.waitForWindow(named: "Save Photo As")
        _ = try app.screenshotOfScreen(saveAs: "save-as-chooser")
        try app.screen.run("xdotool", ["windowfocus", "--sync", dialog])
        try app.screen.run("xdotool", ["key", "Escape"])
        let opened = try app.waitForTrace("file chooser 'Save Photo As' answered in ")
        // The photos folder /sys/kernel/Camera cannot be made: its parent, where the user can look around.
        #expect(opened.hasSuffix("answered in /sys/kernel"), "\(opened)")
    }

    /// The folder chooser opens in the save folder (Return there keeps it);
    /// the folder shows as ~/Photos; 2048 with a 1080p camera says the camera's limit.
    @Test func preferencesNameTheFolderOpenItAndSayTheCamerasLimit() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let photos = home.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/squarecam"), withIntermediateDirectories: true)
        try "photo-size=2048\nfolder=\(photos.path)\n"
            .write(to: home.appendingPathComponent(".config/squarecam/settings"), atomically: true, encoding: .utf8)
        let app = try AppSession(["--camera", Self.testCamera], environment: [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
        ])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("ctrl+comma")
        let preferences = try app.waitForWindow(named: "Preferences")
        #expect(try app.waitForTrace("preferences folder shown as ").hasSuffix("shown as ~/Photos"))
        let note = try app.waitForTrace("photo size note ")
        #expect(note.hasSuffix("Photos are 1080 × 1080 at most: the camera gives no more."), "\(note)")
        _ = try app.screenshotOfScreen(saveAs: "preferences-folder")
        try app.screen.run("xdotool", ["windowfocus", "--sync", preferences])
        try app.screen.run("xdotool", ["key", "--delay", "40", "alt+c"])  // _Choose…
        let chooser = try app.waitForWindow(named: "Save Photos In")
        _ = try app.screenshotOfScreen(saveAs: "preferences-folder-chooser")
        try app.screen.run("xdotool", ["windowfocus", "--sync", chooser])
        try app.screen.run("xdotool", ["key", "Return"])
        let opened = try app.waitForTrace("file chooser 'Save Photos In' answered in ")
        #expect(opened.hasSuffix("answered in " + photos.path), "\(opened)")
        let chosen = try app.waitForTrace("preference folder ")
        #expect(chosen.hasSuffix("preference folder " + photos.path), "the chooser did not open in the save folder: \(chosen)")
    }

    /// The About window fits a 360 px phone (it was 370 px wide).
    @Test func theAboutWindowFitsAPhone() throws {
        let screen = XDisplay.withWindowManager(width: 360, height: 720)
        let app = try AppSession(["--camera", Self.testCamera], on: screen)
        try app.waitForTrace("viewfinder showing frames")
        try app.press("F10")
        try app.waitForTrace("main menu open true")
        try app.press("Up", "Return")  // the menu's last item: About SquareCam
        let about = try app.waitForWindow(named: "About")
        let geometry = try screen.output("xdotool", ["getwindowgeometry", "--shell", about])
        func value(_ key: String) -> Int? {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        let x = try #require(value("X")), width = try #require(value("WIDTH"))
        _ = try app.screenshotOfScreen(saveAs: "about-phone")
        #expect(x >= 0 && x + width <= 360, "the About window spans \(x)…\(x + width) on a 360 px screen")
    }
}
