import Foundation
import Testing

extension AppWindowTests {
    /// O shows the round avatar guide over the viewfinder (the corners dim,
    /// the middle stays) and in the editor; "Save as Round Avatar" saves the
    /// editor's square as a PNG whose corners are transparent; the guide is
    /// remembered for the next start.
    @Test func theRoundAvatarGuideAndSavingARoundAvatar() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        let square = try #require(drawnSquare(in: try app.waitForTrace("viewfinder showing frames")))
        // The test pattern's top-left corner is its white bar's (the square
        // starts in it): bright before the guide, dimmed by half with it.
        func corner() throws -> (r: Int, g: Int, b: Int) {
            try app.screenshot().pixel(square.x + square.side / 20, square.y + square.side / 20)
        }
        func middle() throws -> (r: Int, g: Int, b: Int) {
            try app.screenshot().pixel(square.x + square.side / 2, square.y + square.side / 3)
        }
        let (cornerBefore, middleBefore) = (try corner(), try middle())
        try app.next("circle guide shown") { try app.press("o") }
        let (cornerWith, middleWith) = (try corner(), try middle())
        #expect(cornerWith.r < cornerBefore.r * 2 / 3 && cornerWith.g < cornerBefore.g * 2 / 3,
                "the corner is not dimmed: \(cornerBefore) → \(cornerWith)")
        #expect(abs(middleWith.g - middleBefore.g) <= 12, "the middle changed: \(middleBefore) → \(middleWith)")
        _ = try app.screenshot(saveAs: "circle-guide-live")

        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("e")
        try app.waitForTrace("editor showing crop 1080x1080+420+0")
        _ = try app.screenshot(saveAs: "circle-guide-editor")
        let round = try #require(try app.waitForControls("editor", where: { $0["save-round"] != nil })["save-round"])
        try app.screen.run("xdotool", ["mousemove", "--window", app.windowID, String(round.centre.x), String(round.centre.y)])
        try app.screen.run("xdotool", ["click", "1"])
        #expect(try app.waitForTrace("editDone(crop: ").contains("1080x1080+420+0, round"))
        let saved = try app.waitForTrace("saved ")
        #expect(saved.contains(".png"), "\(saved)")
        #expect(app.savedPhotos.isEmpty, "a round avatar is no JPEG")
        let folder = app.home.appendingPathComponent("Pictures/Camera")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        let avatar = try #require(names.first.map { folder.appendingPathComponent($0).path }, "no PNG in \(folder.path)")
        func alpha(_ x: Int, _ y: Int) throws -> String {
            try XDisplay.shared.output("identify", ["-format", "%[fx:p{\(x),\(y)}.a]", avatar])
        }
        #expect(try XDisplay.shared.output("identify", ["-format", "%m %wx%h", avatar]) == "PNG 1080x1080")
        #expect(try alpha(0, 0) == "0" && alpha(1079, 1079) == "0" && alpha(540, 540) == "1")

        // Remembered: the next start shows the guide at once.
        let settings = try String(contentsOf: app.home.appendingPathComponent(".config/squarecam/settings"), encoding: .utf8)
        #expect(settings.contains("circle=true"), "\(settings)")
    }
}
