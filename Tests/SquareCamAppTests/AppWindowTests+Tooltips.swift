import Foundation
import Testing

extension AppWindowTests {
    /// Retake's tooltip (and so its description for screen readers) names R alone: Esc
    /// never throws a photo away, and it said "(R or Esc)". No tooltip covers the live
    /// picture or the photo under review (the viewfinder's sat over the picture, cut off
    /// on a phone); screen readers still get the picture's name and description.
    /// A tooltip is a window of its own on the X server: the grid's and Retake's show
    /// (so tooltips do work here), and moving from them onto the picture, where GTK
    /// would show the picture's tooltip at once, leaves none.
    @Test(.takesLong) func retakeSaysRAloneAndNoTooltipCoversThePicture() throws {
        let (bus, app) = try accessibleApp(["--camera", Self.testCamera])
        let live = try #require(drawnSquare(in: try app.waitForTrace("viewfinder showing frames")))
        let tree = try bus.tree(of: app) { $0.first { $0.name == "Viewfinder" } != nil }
        let viewfinder = try #require(tree.first { $0.name == "Viewfinder" })
        #expect(viewfinder.description == "What the camera sees: the square photo you will take", "\(viewfinder.summary)")

        let grid = try #require(try app.waitForControls("live", where: { $0["grid"] != nil })["grid"])
        try expectNoTooltip(app, from: grid, onto: (live.x + live.side / 2, live.y + live.side * 3 / 4), "the viewfinder")

        try app.press("space")
        let review = try #require(drawnSquare(in: try app.waitForTrace("review showing")))
        let reviewTree = try bus.tree(of: app) { $0.first { $0.name == "Retake" && $0.role == "push button" } != nil }
        let retake = try #require(reviewTree.first { $0.name == "Retake" && $0.role == "push button" })
        #expect(retake.description == "Retake (R)", "\(retake.summary)")
        let photo = try #require(reviewTree.first { $0.name == "Photo to Review" })
        #expect(photo.description == "The square photo exactly as it will be saved", "\(photo.summary)")
        let buttons = try app.waitForControls("review")
        let retakeBox = try #require(buttons["retake"], "\(buttons.line)")
        try expectNoTooltip(app, from: retakeBox, onto: (review.x + review.side / 2, review.y + review.side / 2), "the photo under review")
    }

    /// Rests the pointer on `control` until its tooltip shows, then moves it to `point` on a picture:
    /// the tooltip goes, and none takes its place.
    private func expectNoTooltip(_ app: AppSession, from control: ControlsTrace.Box, onto point: (x: Int, y: Int),
                                 _ picture: String) throws {
        let start = Date()
        // Two moves: a pointer already resting where the first one goes (left
        // there by an earlier test on this screen) would give GTK no motion.
        try app.movePointer(toX: control.centre.x - 3, y: control.centre.y)
        try app.movePointer(toX: control.centre.x, y: control.centre.y)
        try app.waitUntil("no tooltip showed over a control") { !app.otherVisibleWindows.isEmpty }
        let delay = Date().timeIntervalSince(start)
        _ = try app.screenshotOfScreen(saveAs: "tooltip-\(picture.split(separator: " ").last ?? "")-control")
        // Onto the picture, and on a little further there, as a hand does (GTK asks a widget for its tooltip on motion inside it).
        try app.movePointer(toX: point.x, y: point.y)
        try app.movePointer(toX: point.x + 3, y: point.y + 3)
        try app.waitUntil("a tooltip stays shown over \(picture)", timeout: 10) { app.otherVisibleWindows.isEmpty }
        // Proving there is none takes watching: twice as long as the control's took to show, and half a second.
        let watchedUntil = Date().addingTimeInterval(2 * delay + 0.5)
        while Date() < watchedUntil {
            guard app.otherVisibleWindows.isEmpty else {
                _ = try app.screenshotOfScreen(saveAs: "tooltip-\(picture.split(separator: " ").last ?? "")")
                Issue.record("a tooltip showed over \(picture)")
                break
            }
            usleep(50_000)
        }
    }
}
