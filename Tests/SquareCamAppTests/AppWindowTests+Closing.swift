import Foundation
import Testing

/// Closing with a photo not yet saved asks Save / Discard / Cancel; the
/// session ending (SIGTERM) saves it without asking. It used to close and
/// lose the photo, even right after a failed save had promised to keep it.
extension AppWindowTests {
    /// The app on the test camera with a photo under review.
    private func appReviewingAPhoto(environment: [String: String] = [:]) throws -> AppSession {
        let app = try AppSession(["--camera", Self.testCamera], environment: environment)
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        return app
    }

    /// Presses keys in the question's window, once it is there.
    private func answerTheQuestion(_ app: AppSession, _ keys: String..., saveAs shot: String? = nil) throws {
        let dialog = try app.waitForWindow(named: "Save the Photo?")
        try app.waitForTrace("asking about the unsaved photo")
        if let shot { _ = try app.screenshotOfScreen(saveAs: shot) }
        try app.screen.run("xdotool", ["windowfocus", "--sync", dialog])
        try app.screen.run("xdotool", ["key", "--delay", "40"] + keys)
    }

    @Test func closingWithAnUnsavedPhotoAsksAndSaveKeepsIt() throws {
        let app = try appReviewingAPhoto()
        try app.press("ctrl+w")
        try answerTheQuestion(app, "Return", saveAs: "close-unsaved-photo")  // Save is the default answer
        try app.waitForTrace("unsaved photo: save")
        #expect(try app.waitForExit() == 0)
        #expect(app.savedPhotos.count == 1, "the photo is not in the folder: \(app.log)")
    }

    @Test func ctrlQAsksTooAndDiscardClosesWithoutAFile() throws {
        let app = try appReviewingAPhoto()
        try app.press("ctrl+q")
        try answerTheQuestion(app, "alt+d")
        try app.waitForTrace("unsaved photo: discard")
        #expect(try app.waitForExit() == 0)
        #expect(app.savedPhotos.isEmpty)
    }

    /// Esc is Cancel: the photo stays under review and Save still saves it;
    /// with nothing left unsaved, the next close asks nothing.
    @Test func cancelKeepsThePhotoUnderReview() throws {
        let app = try appReviewingAPhoto()
        try app.press("ctrl+w")
        try answerTheQuestion(app, "Escape")
        try app.waitForTrace("unsaved photo: cancel")
        #expect(app.process.isRunning && app.savedPhotos.isEmpty)
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        try app.waitForTrace("→ live", occurrence: 2)
        try app.press("ctrl+w")
        #expect(try app.waitForExit() == 0)
        #expect(app.savedPhotos.count == 1)
        #expect(app.log.components(separatedBy: "asking about the unsaved photo").count == 2, "asked again with nothing to save")
    }

    /// After a failed save the photo is still unsaved: closing asks, and a
    /// Save that fails again keeps the window open with the photo and the reason.
    @Test func afterAFailedSaveClosingAsksAndAFailingSaveKeepsTheWindow() throws {
        let app = try appReviewingAPhoto(environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        try app.press("ctrl+s")
        try app.waitForTrace("save problem shown: ")
        // Where the photo is with the reason under it (as it is again after the second failure).
        let back = try app.waitForTrace("review showing", occurrence: 2)
        try app.press("ctrl+w")
        try answerTheQuestion(app, "Return")
        try app.waitForTrace("saveAndClose → saving")
        try app.waitForTrace("save problem says: ", occurrence: 2)
        #expect(app.process.isRunning, "the app closed and lost the photo")
        #expect(!app.log.contains("→ idle"), "\(app.log)")
        let review = try #require(drawnSquare(in: back))
        let shown = try app.screenshot(saveAs: "close-save-failed")
        #expect(shown.cropped(x: review.x, y: review.y, width: review.side, height: review.side).meanLuminance > 60, "the photo is gone from the page")
    }

    /// `kill` on the review page: no question (nobody may be there), the photo saved, exit status 0.
    @Test func sigtermOnReviewSavesThePhotoThenExits() throws {
        let app = try appReviewingAPhoto()
        kill(app.process.processIdentifier, SIGTERM)
        #expect(try app.waitForExit() == 0)
        #expect(app.savedPhotos.count == 1, "the photo was lost: \(app.log)")
        #expect(!app.log.contains("asking about the unsaved photo"))
        let photo = try Picture(jpeg: try #require(app.savedPhotos.first))
        #expect(photo.width == 1080 && photo.height == 1080)
    }

    /// SIGTERM while the question is open: the question goes, the photo is saved.
    @Test func sigtermWhileAskingSavesWithoutAnAnswer() throws {
        let app = try appReviewingAPhoto()
        try app.press("ctrl+w")
        _ = try app.waitForWindow(named: "Save the Photo?")
        kill(app.process.processIdentifier, SIGTERM)
        #expect(try app.waitForExit() == 0)
        #expect(app.savedPhotos.count == 1, "the photo was lost: \(app.log)")
        #expect(!app.log.contains("unsaved photo: "), "the question answered itself")
    }
}
