import Foundation
import Testing

extension AppWindowTests {
    /// A Pictures folder nothing may be written into (sysfs: not even root may
    /// create a folder there): Save fails, the photo stays on the review page
    /// with the reason, and Save As… writes it where the user chooses.
    @Test(.takesLong) func failedSaveKeepsThePhotoSaysWhyAndOffersSaveAs() throws {
        let app = try AppSession(["--camera", Self.testCamera], environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        let problem = try app.waitForTrace("save problem shown: ")
        #expect(problem.contains("/sys/kernel/Camera"), "the reason names the folder: \(problem)")
        // Still reviewing the same photo, not back to live, nothing written.
        try app.waitForTrace("→ reviewing", occurrence: 2)
        let again = try app.waitForTrace("review showing", occurrence: 2)
        #expect(again.contains("crop 1080x1080+420+0"), "\(again)")
        let failed = try app.waitForTrace("saveFailed(")
        #expect(failed.contains("→ reviewing") && !failed.contains(".forget("), "the photo was not kept: \(failed)")
        let review = try #require(drawnSquare(in: again))
        let shown = try app.screenshot(saveAs: "save-failed")
        // The photo's lower two thirds, below the reason.
        let photoShown = shown.cropped(x: review.x, y: review.y + review.side / 3, width: review.side, height: review.side - review.side / 3)
        #expect(photoShown.meanLuminance > 60, "the review page no longer shows the photo")
        // The reason is on the page, in the error colour, over the photo's top.
        let top = shown.cropped(x: review.x, y: review.y, width: review.side, height: review.side / 3)
        #expect(top.fraction { $0.r > 150 && $0.g < 80 && $0.b < 80 } > 0.002, "no error text on the photo")

        // Save As… is finger-sized like every other button (it was 32 px tall).
        let controls = try app.waitForControls("review", where: { $0["save-as"] != nil })
        controls.expectEveryControlFits("review after a failed save")

        // Save As… (Alt+A) opens a file chooser; a path typed there is where it goes.
        try app.press("alt+a")
        let dialog = try app.waitForWindow(named: "Save Photo As")
        let target = app.home.appendingPathComponent("chosen.jpg")
        try XDisplay.shared.run("xdotool", ["windowfocus", "--sync", dialog])
        try XDisplay.shared.run("xdotool", ["key", "--delay", "40", "ctrl+a"])
        try XDisplay.shared.run("xdotool", ["type", "--delay", "20", target.path])
        try XDisplay.shared.run("xdotool", ["key", "Return"])
        let saved = try app.waitForTrace("saved \(target.path)")
        #expect(saved.contains(target.path))
        let photo = try Picture(jpeg: target)
        #expect(photo.width == 1080 && photo.height == 1080, "\(photo.width)x\(photo.height)")
        let resized = photo.resized(width: review.side, height: review.side)
        let difference = resized.cropped(x: 0, y: review.side / 3, width: review.side, height: review.side - review.side / 3).meanDifference(to: photoShown)
        #expect(difference < 8, "the file differs from the photo reviewed by \(difference) per channel")
    }
}
