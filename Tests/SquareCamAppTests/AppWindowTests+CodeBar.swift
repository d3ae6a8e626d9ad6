import Foundation
import Testing

extension AppWindowTests {
    private static func codeFixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/codes/\(name)").path
    }

    /// A QR code in view (an image-file camera showing one): the bar shows
    /// its text, Copy puts it on the clipboard, Open is offered for a web
    /// address only, and the shutter still takes the photo.
    @Test func aCodeInViewShowsItsTextWithCopyAndOpen() throws {
        let app = try AppSession(["--camera", "file:" + Self.codeFixture("straight.png")])
        try app.waitForTrace("viewfinder showing frames")
        let shown = try app.waitForTrace("code bar shown ")
        #expect(shown.contains("\"https://example.org/squarecam/straight\" open true"), "\(shown)")
        let controls = try app.waitForControls("live", where: { $0["code-copy"] != nil && $0["code-open"] != nil })
        _ = try app.screenshot(saveAs: "code-bar")
        let copy = try #require(controls["code-copy"])
        try app.click(x: copy.centre.x, y: copy.centre.y)
        try app.waitForTrace("code copied")
        let copied = try waitForSelection("clipboard", on: app) { $0 == "https://example.org/squarecam/straight" }
        #expect(copied == "https://example.org/squarecam/straight", "on the clipboard: '\(copied)'")
        // Not interrupted: the shutter takes the photo, and review has no bar.
        let shutter = try #require(controls["shutter"])
        try app.click(x: shutter.centre.x, y: shutter.centre.y)
        try app.waitForTrace("review showing")
        try app.waitForTrace("code bar hidden")
    }

    /// A code that is not a web address: its text and Copy, no Open; on a
    /// phone held upright, in Japanese, the bar fits the window.
    @Test func aCodeThatIsNoWebAddressHasNoOpen() throws {
        let app = try AppSession(["--camera", "file:" + Self.codeFixture("tilted.png")],
                                 environment: ["LANGUAGE": "ja", "LANG": "C.UTF-8"])
        try app.waitForTrace("viewfinder showing frames")
        try app.resize(width: 360, height: 720)
        try app.waitForTrace("viewfinder resized")
        let shown = try app.waitForTrace("code bar shown ")
        #expect(shown.contains("\"tilted by 23 degrees\" open false"), "\(shown)")
        let controls = try app.waitForControls("live", where: { ($0["code-copy"]?.x ?? 9999) + ($0["code-copy"]?.width ?? 0) <= 360 })
        #expect(controls["code-open"] == nil, "Open offered for plain text: \(controls)")
        _ = try app.screenshot(saveAs: "code-bar-phone-ja")
    }
}
