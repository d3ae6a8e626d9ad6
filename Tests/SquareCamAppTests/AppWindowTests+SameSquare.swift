import Foundation
import Testing

/// Live, review and a failed save at phone and desktop sizes (issue 18,
/// points 4, 10 and 11): the square stays where it was framed, a save
/// problem never pushes a button out of the window, and a phone on its side
/// gives the picture the whole height.
extension AppWindowTests {
    static let layoutSizes = [
        ScreenSize(name: "phone-portrait", width: 360, height: 720),
        ScreenSize(name: "phone-portrait-ja", width: 360, height: 720, language: "ja"),
        ScreenSize(name: "phone-landscape", width: 720, height: 360),
        ScreenSize(name: "phone-landscape-ko", width: 720, height: 360, language: "ko"),
        ScreenSize(name: "desktop", width: 1280, height: 800),
    ]

    /// The viewfinder's square once the live page is laid out at `size`: the
    /// last one drawn (the first ones were at the window's first size).
    private func liveSquare(_ app: AppSession, _ size: ScreenSize) throws -> (x: Int, y: Int, side: Int) {
        _ = try controls(app, page: "live", size: size)
        usleep(700_000)
        let line = try #require(app.traceLines.last { $0.contains("viewfinder showing") || $0.contains("viewfinder resized, showing") }, "\(app.log)")
        let square = try #require(drawnSquare(in: line), "\(line)")
        #expect(square.x + square.side <= size.width && square.y + square.side <= size.height, "\(size): \(line)")
        return square
    }

    /// Review shows the photo as the square the viewfinder showed, in the
    /// same place; a failed save (the reason and Save As… over the photo's
    /// top) leaves it there, and every button stays inside the window.
    @Test(arguments: layoutSizes)
    func reviewShowsThePhotoWhereTheViewfinderWasAndAFailedSaveKeepsIt(_ size: ScreenSize) throws {
        let app = try launch(at: size, environment: ["XDG_PICTURES_DIR": "/sys/kernel"])
        let live = try liveSquare(app, size)
        try app.press("space")
        let review = try #require(drawnSquare(in: try app.waitForTrace("review showing at ")))
        _ = try controls(app, page: "review", size: size)
        #expect(review == live, "\(size): live \(live), review \(review)")
        _ = try app.screenshot(saveAs: "\(size.name)-same-square-review")

        try app.press("ctrl+s")
        try app.waitForTrace("save problem shown: ")
        let after = try #require(drawnSquare(in: try app.waitForTrace("review showing at ", occurrence: 2)))
        #expect(after == review, "\(size): the photo moved or shrank from \(review) to \(after) when the reason showed")
        let failed = try app.waitForControls("review", where: { $0["save-as"] != nil && $0.isWindow(width: size.width, height: size.height) })
        failed.expectEveryControlFits("\(size)")
        #expect(Set(failed.boxes.keys).isSuperset(of: ["retake", "edit", "save", "save-as"]), "\(size): \(failed.line)")
        // The reason is drawn, in the error colour, on the photo's top part.
        let shot = try app.screenshot(saveAs: "\(size.name)-save-failed")
        let top = shot.cropped(x: after.x, y: after.y, width: after.side, height: after.side / 3)
        #expect(top.fraction { $0.r > 150 && $0.g < 80 && $0.b < 80 } > 0.002, "\(size): no error text on the photo")
    }

    /// A phone on its side: no header bar (its menu and window buttons in the
    /// corner above the controls), the picture nearly the window's height, and
    /// the "Photo saved" toast over the picture, clear of every control. Back
    /// to a desktop size, the header returns with the menu in it.
    @Test func aPhoneOnItsSideGivesThePictureTheHeight() throws {
        let size = ScreenSize(name: "phone-landscape", width: 720, height: 360)
        let app = try launch(at: size)
        try app.waitForTrace("compact true header hidden")
        let square = try liveSquare(app, size)
        #expect(square.side >= 340, "\(square)")
        try app.press("space")
        try app.waitForTrace("review showing at ")
        try app.press("ctrl+s")
        let toastLine = try app.waitForTrace("toast showing at ")
        let toast = try #require(boxes(after: " at ", in: toastLine).first, "\(toastLine)")
        let live = try controls(app, page: "live", size: size)
        for name in ["menu", "timer", "grid", "mirror", "shutter", "thumbnail"] {
            let control = try #require(live[name], "\(name) not on the live page: \(live)")
            let overlaps = toast.x < control.x + control.width && control.x < toast.x + toast.width
                && toast.y < control.y + control.height && control.y < toast.y + toast.height
            #expect(!overlaps, "the toast \(toast) covers the \(name) \(control)")
        }
        _ = try app.screenshot(saveAs: "phone-landscape-saved")
        try app.resize(width: 1280, height: 800)
        try app.waitForTrace("compact false header shown")
        _ = try controls(app, page: "live", size: ScreenSize(name: "desktop", width: 1280, height: 800))
    }

    private func boxes(after marker: String, in line: String) -> [(x: Int, y: Int, width: Int, height: Int)] {
        line.components(separatedBy: marker).dropFirst().compactMap { part in
            let numbers = part.split(separator: " ").prefix(4).compactMap { Int($0) }
            return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
        }
    }
}
