import Foundation
import PortalTestSupport
import SquareCamCore
import SquareCamImaging
import Testing

extension AppWindowTests {
    /// The face-following composite (PortalTestSupport's `FaceComposite`), in a folder of its own.
    static func wideFrameWithAFaceAtTheRight() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-framing-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("wide.jpg").path
        try FaceComposite.write(to: path)
        return path
    }

    /// F follows the face: the square slides from the frame's centre onto
    /// the person at its right, and the photo is exactly that square, with
    /// her face in it (by the detector's own account). Remembered.
    @Test func followTheFaceSlidesTheSquareOntoThePerson() throws {
        let app = try AppSession(["--camera", "file:" + Self.wideFrameWithAFaceAtTheRight()])
        try app.waitForTrace("viewfinder showing frames")
        let before = try app.screenshot()
        try app.next("follow faces on") { try app.press("f") }
        // The viewfinder shows the wall at the left of the square before, and
        // her face (not the wall) once the square is on her: wait for the change.
        let square = try #require(drawnSquare(in: try app.waitForTrace("viewfinder showing frames")))
        let probe = (x: square.x + square.side / 10, y: square.y + square.side / 2)
        #expect(abs(before.pixel(probe.x, probe.y).g - 100) < 12, "the wall is not at the square's left to start with")
        let deadline = Date().addingTimeInterval(10)
        var moved = false
        while Date() < deadline, !moved {
            moved = abs(try app.screenshot().pixel(probe.x, probe.y).g - 100) > 20
            if !moved { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(moved, "the viewfinder still shows the wall at the square's left")
        Thread.sleep(forTimeInterval: 1)  // eased all the way
        _ = try app.screenshot(saveAs: "follow-face-live")
        try app.press("space")
        let review = try app.waitForTrace("review showing")
        let crop = try #require(cropRect(in: review, after: " crop "), "\(review)")
        #expect(crop.side == 720 && crop.x >= FaceComposite.faceCentre.x - 720 / 2 - 60 && crop.x <= 560, "the square is not on her face: \(crop)")
        try app.press("ctrl+s")
        _ = try app.waitForTrace("saved ")
        let photo = try #require(app.savedPhotos.first)
        let frame = try JPEGDecoder.decode([UInt8](Data(contentsOf: photo))).frame
        #expect(frame.size == PixelSize(width: 720, height: 720))
        #expect(!FaceDetector.faces(in: frame).isEmpty, "no face in the saved photo")
        let settings = try String(contentsOf: app.home.appendingPathComponent(".config/squarecam/settings"), encoding: .utf8)
        #expect(settings.contains("follow-faces=true"), "\(settings)")
    }

    /// + zooms in (the zoom pill says how far), the scroll wheel and a drag
    /// move on from there, 0 goes back; the photo is the zoomed square at the
    /// frame's own resolution, where the drag put it.
    @Test func zoomAndPanTheViewfinder() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        let square = try #require(drawnSquare(in: try app.waitForTrace("viewfinder showing frames")))
        try app.next("zoom shows 1.3×") { try app.press("plus") }
        try app.next("zoom shows 1.6×") { try app.press("plus") }
        // One notch of the wheel over the viewfinder: one step more.
        let centre = (x: square.x + square.side / 2, y: square.y + square.side / 2)
        try app.next("zoom shows 2×") {
            try app.screen.run("xdotool", ["mousemove", "--window", app.windowID, String(centre.x), String(centre.y), "click", "4"])
        }
        _ = try app.screenshot(saveAs: "zoom-live")
        // Drag the picture right by a fifth of the square: the square moves left.
        try app.screen.run("xdotool", ["mousemove", "--window", app.windowID, String(centre.x), String(centre.y), "mousedown", "1"])
        for step in 1...5 {
            try app.screen.run("xdotool", ["mousemove", "--window", app.windowID, String(centre.x + step * square.side / 25), String(centre.y)])
            Thread.sleep(forTimeInterval: 0.05)
        }
        try app.screen.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.3)
        try app.press("space")
        let review = try app.waitForTrace("review showing")
        let crop = try #require(cropRect(in: review, after: " crop "), "\(review)")
        // 1080 / 1.25³ = 553; centred at x 683, moved left by a fifth of its side (about 110).
        #expect(crop.side == 553, "\(review)")
        #expect(crop.x < 683 - 80 && crop.x > 683 - 140, "the drag did not move the square left by a fifth: \(crop)")
        try app.press("ctrl+s")
        _ = try app.waitForTrace("saved ")
        let photo = try Picture(jpeg: try #require(app.savedPhotos.first))
        #expect(photo.width == 553 && photo.height == 553, "the zoomed photo is not full resolution: \(photo.width)x\(photo.height)")
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
        try app.next("zoom shows 1×") { try app.press("0") }
    }
}
