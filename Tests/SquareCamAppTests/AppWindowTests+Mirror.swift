import Foundation
import Testing

extension AppWindowTests {
    /// A camera that faces the user is shown mirrored, like a mirror, while the
    /// saved photo is not; M turns the mirroring off.
    @Test func userFacingCameraIsMirroredOnScreenButNeverInThePhoto() throws {
        let app = try AppSession(["--script", "front"], program: BuiltApp.scripted)
        let line = try app.waitForTrace("viewfinder showing frames")
        #expect(line.contains("mirrored true"), "a user-facing camera starts mirrored: \(line)")
        let square = try #require(drawnSquare(in: line))
        let shown = try app.screenshot(saveAs: "live-mirrored").cropped(x: square.x, y: square.y, width: square.side, height: square.side)
        try app.press("space")
        let reviewLine = try app.waitForTrace("review showing")
        let review = try #require(drawnSquare(in: reviewLine))
        let reviewShot = try app.screenshot().cropped(x: review.x, y: review.y, width: review.side, height: review.side)
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        let saved = try #require(app.savedPhotos.first, "no photo in Pictures/Camera")
        let photo = try Picture(jpeg: saved)
        let onScreen = photo.resized(width: square.side, height: square.side)
        // The bars are asymmetric, so mirrored and straight differ a lot.
        let mirroredDifference = onScreen.mirrored().meanDifference(to: shown)
        let straightDifference = onScreen.meanDifference(to: shown)
        #expect(mirroredDifference < 12, "the viewfinder is not the photo mirrored (\(mirroredDifference) per channel)")
        #expect(straightDifference > 3 * mirroredDifference + 20, "the viewfinder looks like the unmirrored photo (\(straightDifference) vs \(mirroredDifference))")
        // Review shows the photo as it is saved: not mirrored.
        let reviewDifference = photo.resized(width: review.side, height: review.side).meanDifference(to: reviewShot)
        #expect(reviewDifference < 8, "review differs from the saved photo by \(reviewDifference) per channel")

        // M: the viewfinder shows the camera as it is, like the photo.
        try app.waitForTrace("→ live", occurrence: 2)
        try app.press("m")
        try app.waitForTrace("viewfinder now mirrored false")
        let plain = try app.screenshot().cropped(x: square.x, y: square.y, width: square.side, height: square.side)
        let plainDifference = onScreen.meanDifference(to: plain)
        #expect(plainDifference < 12, "with mirroring off the viewfinder differs from the photo by \(plainDifference) per channel")
    }
}
