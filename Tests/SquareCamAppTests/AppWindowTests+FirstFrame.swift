import Foundation
import Testing

/// Each page's first frame on screen is laid out: it used to show one frame
/// with the picture and the controls each filling the page (a black picture,
/// the shutter in its middle) before they were placed — at every launch, and
/// the first time review and the editor showed.
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
}
