import Foundation
import Testing

/// Each page's first frame on screen is laid out: it used to show one frame
/// with the picture and the controls each filling the page (a black picture,
/// the shutter in its middle) before they were placed — at every launch, and
/// the first time review and the editor showed. And the first frame after
/// the window changes size: it used to show the controls where the old size
/// had them (off the bottom of a window just made a phone's), and the header
/// bar, back as a phone turned upright, without a size.
extension AppWindowTests {
    @Test func everyPagesFirstFrameIsLaidOut() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        let live = try app.waitForTrace("live first drawn ")
        try app.press("space")
        let review = try app.waitForTrace("review first drawn ")
        try app.press("e")
        let editor = try app.waitForTrace("editor first drawn ")
        for line in [live, review, editor] {
            #expect(line.contains(" first drawn laid out at "), "\(line)")
        }
        // And the page was placed for the size it was drawn at (the window's default 600×760, less the header bar).
        let layouts = app.traceLines.filter { $0.contains("squarecam-trace: layout ") }
        #expect(layouts.first.map { line in live.hasSuffix(" at " + (line.split(separator: " ").dropFirst(2).first ?? "")) } == true,
                "the live page was drawn at another size than it was laid out for: \(live) / \(layouts.first ?? "no layout")")
    }

    /// The window gets its icon, but only after its first frame: on X11
    /// loading it (an SVG) took ~9 ms of the launch when it came before.
    @Test func theWindowIconComesAfterTheFirstFrame() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("window icon named")
        let lines = app.traceLines
        let firstFrame = lines.firstIndex { $0.contains("viewfinder showing frames") }
        let icon = lines.firstIndex { $0.contains("window icon named") }
        #expect(firstFrame != nil && icon != nil && firstFrame! < icon!, "\(lines)")
        try app.waitUntil("the window has SquareCam's icon") { try app.hasTheAppsIcon() }
    }

    @Test func theFirstFrameAtANewSizeIsLaidOut() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("live first drawn laid out at ")
        for (occurrence, (width, height)) in [(360, 720), (720, 360), (1000, 700)].enumerated() {
            try app.resize(width: width, height: height)
            let redrawn = try app.waitForTrace("live redrawn ", where: { line in
                ControlsTrace.size(after: " at ", in: line).map { abs($0.width - width) <= 20 } ?? false
            })
            #expect(redrawn.contains(" redrawn laid out at "), "resize #\(occurrence + 1) to \(width)x\(height): \(redrawn)")
        }
        let unfinished = app.traceLines.filter { $0.contains(" redrawn ") && !$0.contains(" redrawn laid out ") }
        #expect(unfinished.isEmpty, "\(unfinished)")
        // The header bar, back as the phone turned upright again, was drawn before it had a size.
        let complaints = app.log.split(separator: "\n").filter { $0.contains("Gtk-WARNING") || $0.contains("Gtk-CRITICAL") }
        #expect(complaints.isEmpty, "\(complaints)")
    }
}
