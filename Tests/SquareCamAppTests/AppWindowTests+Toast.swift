import Foundation
import Testing

extension AppWindowTests {
    /// Save shows a toast saying where ("Saved to Pictures › Camera"), with an Open
    /// button, over the live view; Open and the toast's × are finger-sized (44×44; they
    /// were 34 px tall).
    @Test func saveShowsAToastWithAnOpenButton() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        let before = try app.screenshot()
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        try app.waitForTrace("saved ")
        let line = try app.waitForTrace("toast showing at ")
        let numbers = line.components(separatedBy: " at ").dropFirst().map { $0.split(separator: " ").prefix(4).compactMap { Int($0) } }
        let toast = try #require(numbers.first, "\(line)"), button = try #require(numbers.last, "\(line)")
        try #require(toast.count == 4 && button.count == 4, "no toast or no Open button: \(line)")
        #expect(toast[2] > 100 && toast[3] > 20, "the toast is too small to read: \(line)")
        #expect(try app.waitForTrace("toast says: ").hasSuffix("toast says: Saved to Pictures › Camera"))
        #expect(button[2] >= 44 && button[3] >= 44, "Open is \(button[2])x\(button[3]), smaller than a fingertip (44×44): \(line)")
        let dismiss = line.components(separatedBy: " dismiss ").dropFirst().first?.split(separator: " ").prefix(4).compactMap { Int($0) } ?? []
        #expect(dismiss.count == 4 && dismiss[2] >= 44 && dismiss[3] >= 44, "the toast's × is not 44×44: \(line)")
        // The toast is drawn there: libadwaita's toasts are dark, with light text,
        // where the live page had its controls or the viewfinder. Waits (bounded)
        // for a screenshot taken while it is up.
        let region = (x: toast[0], y: toast[1], width: toast[2], height: toast[3])
        var drawn: Picture?
        let deadline = Date().addingTimeInterval(3)
        while drawn == nil && Date() < deadline {
            let shot = try app.screenshot(saveAs: "toast").cropped(x: region.x, y: region.y, width: region.width, height: region.height)
            if shot.meanLuminance < 90 { drawn = shot }
        }
        let toastShot = try #require(drawn, "no dark toast at \(region) within 3 s of the save")
        let live = before.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
        #expect(toastShot.meanDifference(to: live) > 20, "the toast's place looks as it did before the save")
        #expect(toastShot.fraction { $0.r > 200 && $0.g > 200 && $0.b > 200 } > 0.01, "no light text on the toast")
        #expect(button[0] >= toast[0] && button[0] + button[2] <= toast[0] + toast[2], "the Open button is not on the toast: \(line)")
    }
}
