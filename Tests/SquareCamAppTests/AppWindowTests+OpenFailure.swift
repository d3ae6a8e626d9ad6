import Foundation
import Testing

extension AppWindowTests {
    /// On a desktop with no image viewer (and no file manager), Open on the "Saved to
    /// Pictures › Camera" toast and a click on the last photo say so on screen (before,
    /// only stderr did, and the click did nothing), and offer the folder; when no app can
    /// show that either, the next dialog says where the photo is. On a phone's screen.
    @Test func openWithNoViewerSaysSoOffersTheFolderThenSaysWhereThePhotoIs() throws {
        let desktop = try BareDesktop()
        let screen = XDisplay.withWindowManager(width: 360, height: 720)
        let app = try AppSession(["--camera", Self.testCamera], environment: desktop.environment, on: screen)
        defer { withExtendedLifetime(desktop) {} }
        try app.waitForTrace("viewfinder showing frames")
        let path = try app.takeAndSavePhoto()
        #expect(try app.waitForTrace("toast says: ").hasSuffix("toast says: Saved to Pictures › Camera"))

        // Open, on the toast (the pointer resting on it keeps it there).
        let toast = try app.waitForTrace("toast showing at ")
        let open = try #require(toast.components(separatedBy: " button at ").last?.split(separator: " ").prefix(4).compactMap { Int($0) })
        try #require(open.count == 4, "\(toast)")
        let before = try app.screenshotOfScreen()
        try app.movePointer(toX: open[0] + open[2] / 2, y: open[1] + open[3] / 2)
        try app.screen.run("xdotool", ["click", "1"])
        try app.waitForTrace("opening saved photo \(path)")
        let said = try app.waitForTrace("photo not opened says: ")
        #expect(said.hasSuffix("The Photo Could Not Be Opened. No app on this computer is set up to show photos."), "\(said)")
        let first = try app.waitForWindow(named: "The Photo Could Not Be Opened")
        try expectDialogOnScreen(app, first, before: before, saveAs: "photo-not-opened")

        // Show Folder (its default answer): no file manager either, so where the photo is.
        try app.screen.run("xdotool", ["windowfocus", "--sync", first])
        try app.screen.run("xdotool", ["key", "Return"])
        try app.waitForTrace("photo not opened: folder")
        let where_ = try app.waitForTrace("photo not opened says: ", occurrence: 2)
        #expect(where_.hasSuffix("The Folder Could Not Be Shown. No app is set up to show folders either. The photo is here: \(path)"), "\(where_)")
        let second = try app.waitForWindow(named: "The Folder Could Not Be Shown")
        try expectDialogOnScreen(app, second, before: before, saveAs: "folder-not-shown")
        try app.screen.run("xdotool", ["windowfocus", "--sync", second])
        try app.screen.run("xdotool", ["key", "Escape"])
        try app.waitUntilGone(second)

        // The last photo beside the shutter: the same.
        let thumbnail = try #require(try app.waitForControls("live", where: { $0["thumbnail"] != nil })["thumbnail"])
        try app.movePointer(toX: thumbnail.centre.x, y: thumbnail.centre.y)
        try app.screen.run("xdotool", ["click", "1"])
        try app.waitForTrace("opening last photo \(path)")
        try app.waitForTrace("photo not opened says: The Photo Could Not Be Opened", occurrence: 2)
        _ = try app.waitForWindow(named: "The Photo Could Not Be Opened")
    }

    /// With a file manager but no image viewer, Show Folder opens the photo's folder in it.
    @Test func showFolderOpensThePhotosFolderInTheFileManager() throws {
        let desktop = try BareDesktop(fileManager: true)
        let app = try AppSession(["--camera", Self.testCamera], environment: desktop.environment)
        try app.waitForTrace("viewfinder showing frames")
        let path = try app.takeAndSavePhoto()
        let thumbnail = try #require(try app.waitForControls("live", where: { $0["thumbnail"] != nil })["thumbnail"])
        try app.movePointer(toX: thumbnail.centre.x, y: thumbnail.centre.y)
        try app.screen.run("xdotool", ["click", "1"])
        let dialog = try app.waitForWindow(named: "The Photo Could Not Be Opened")
        try app.screen.run("xdotool", ["windowfocus", "--sync", dialog])
        try app.screen.run("xdotool", ["key", "Return"])
        try app.waitForTrace("folder opened for \(path)")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try app.waitUntil("the file manager was not asked for the folder") {
            // GIO hands %u a local folder as its path.
            ((try? String(contentsOf: desktop.openedFolders, encoding: .utf8)) ?? "").split(separator: "\n").contains { $0 == folder.path }
        }
        #expect(!app.log.contains("The Folder Could Not Be Shown"), "\(app.log)")
        // The app may switch GTK's OpenGL off and name its theme for its own start (RendererChoice,
        // StartingTheme): never for the programs it opens.
        #expect((try? String(contentsOf: desktop.openedEnvironment, encoding: .utf8)) == "GDK_DEBUG=unset\nGTK_THEME=unset\n")
        #expect(app.log.contains("theme at start Adwaita-empty (libadwaita's, named while GTK starts)"), "\(app.log)")
    }

    /// The dialog `id` is inside the 360 px screen, and drawn: light, with dark text, where the app was before.
    private func expectDialogOnScreen(_ app: AppSession, _ id: String, before: Picture, saveAs name: String) throws {
        let frame = try app.geometry(of: id)
        #expect(frame.x >= 0 && frame.x + frame.width <= 360 && frame.y >= 0 && frame.y + frame.height <= 720, "\(name) at \(frame)")
        var drawn: Picture?
        try app.waitUntil("\(name) is not drawn at \(frame)") {
            let shot = try app.screenshotOfScreen(saveAs: name).cropped(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            let text = shot.fraction { $0.r < 90 && $0.g < 90 && $0.b < 90 }
            if shot.meanLuminance > 170 && text > 0.01 { drawn = shot }
            return drawn != nil
        }
        let region = before.cropped(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        #expect(try #require(drawn).meanDifference(to: region) > 20, "\(name): its place looks as it did before")
    }
}
