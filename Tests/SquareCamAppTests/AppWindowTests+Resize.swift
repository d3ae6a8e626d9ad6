import Foundation
import Testing

extension AppWindowTests {
    /// Resizing the window resizes the frames the camera delivers (drawn 1:1,
    /// sharp), while streaming: the camera scales each frame to the size asked,
    /// no caps are renegotiated, so the stream cannot fail with not-negotiated.
    @Test func resizingTheWindowResizesTheViewfinderFramesWhileStreaming() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        // Once the page is laid out, the frames have the square's side.
        let startLine = try app.waitForTrace("viewfinder ", where: { line in
            line.contains("showing") && drawnSquare(in: line)?.side == number(after: " side ", in: line)
        })
        let start = try #require(drawnSquare(in: startLine))
        for (occurrence, size) in [(1, (width: 900, height: 1000)), (2, (width: 480, height: 620))] {
            try app.resize(width: size.width, height: size.height)
            // The page is laid out again after the window changes: wait for the
            // frames that fit the final square (one camera pixel per screen pixel).
            let line = try app.waitForTrace("viewfinder resized", where: { line in
                guard let square = drawnSquare(in: line)?.side, number(after: " side ", in: line) == square else { return false }
                return occurrence == 1 ? square > start.side + 100 : square < start.side
            })
            let square = try #require(drawnSquare(in: line))
            let side = try #require(number(after: " side ", in: line))
            // One camera pixel per screen pixel: the frames follow the square.
            #expect(side == square.side, "frames of side \(side) drawn in a \(square.side) square: \(line)")
            #expect(occurrence == 1 ? square.side > start.side + 100 : square.side < start.side, "\(line)")
            // Still streaming after the change: the snow moves inside the new square.
            let first = try app.screenshot()
            var moved: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
            let deadline = Date().addingTimeInterval(30)
            while moved == nil && Date() < deadline { moved = first.differenceBounds(to: try app.screenshot()) }
            let bounds = try #require(moved, "the viewfinder froze after resizing to \(size)")
            #expect(bounds.minX >= square.x && bounds.maxX < square.x + square.side && bounds.maxY < square.y + square.side,
                    "change outside the square: \(bounds) vs \(square)")
        }
        #expect(!app.log.contains("not-negotiated") && !app.log.contains("→ failed"), "the stream failed:\n\(app.log)")
    }
}
