import Foundation
import Testing

/// The app on a phone held upright (360×720, and 720×1440 at scale 2), on
/// its side (720×360) and on a desktop (1280×900): every button on screen,
/// finger-sized, on the live, review and editor pages; screenshots for the
/// README.
extension AppWindowTests {
    struct ScreenSize: CustomStringConvertible, Sendable {
        var name: String
        var width: Int
        var height: Int
        var scale = 1
        /// A language whose labels are longer or shorter than English ones.
        var language: String?
        var description: String { "\(name) \(width)x\(height)@\(scale)" + (language.map { " \($0)" } ?? "") }
    }

    static let screenSizes = [
        ScreenSize(name: "phone-portrait", width: 360, height: 720),
        ScreenSize(name: "phone-portrait-scale2", width: 360, height: 720, scale: 2),
        ScreenSize(name: "phone-portrait-ja", width: 360, height: 720, language: "ja"),
        ScreenSize(name: "phone-portrait-ko", width: 360, height: 720, language: "ko"),
        ScreenSize(name: "phone-landscape", width: 720, height: 360),
        ScreenSize(name: "desktop", width: 1280, height: 900),
    ]

    /// The app on the test camera, live, its window at `size`, in its language.
    func launch(at size: ScreenSize, _ arguments: [String] = ["--camera", Self.testCamera], program: String = BuiltApp.product,
                environment extra: [String: String] = [:], until first: String = "viewfinder showing frames") throws -> AppSession {
        var environment = size.scale == 1 ? [:] : ["GDK_SCALE": String(size.scale)]
        if let language = size.language {
            environment["LANGUAGE"] = language
            environment["LANG"] = "C.UTF-8"
        }
        let app = try AppSession(arguments, program: program, environment: environment.merging(extra) { $1 }, on: size.scale == 1 ? .shared : .phone)
        try app.waitForTrace(first)
        // xdotool sizes the X window in device pixels.
        try app.resize(width: size.width * size.scale, height: size.height * size.scale)
        return app
    }

    @Test(arguments: screenSizes)
    func everyControlFitsAndIsFingerSized(_ size: ScreenSize) throws {
        let app = try launch(at: size)
        let live = try controls(app, page: "live", size: size)
        // The viewfinder fills the picture's square: nearly the short side (less the header bar).
        let wanted = 0.8 * Double(min(size.width, size.height) - 46)
        let shown = try app.waitForTrace("viewfinder ", where: { line in
            line.contains("showing") && (drawnSquare(in: line).map { Double($0.side) >= wanted } ?? false)
        })
        #expect(drawnSquare(in: shown) != nil, "\(size): \(shown)")
        #expect(live["shutter"] != nil && live["timer"] != nil && live["grid"] != nil && live["mirror"] != nil, "\(size): \(live)")
        _ = try app.screenshot(saveAs: "\(size.name)-live")

        try app.press("space")
        let review = try controls(app, page: "review", size: size)
        #expect(Set(review.keys).isSuperset(of: ["retake", "edit", "save"]), "\(size): \(review)")
        _ = try app.screenshot(saveAs: "\(size.name)-review")

        try app.press("e")
        let editor = try controls(app, page: "editor", size: size)
        #expect(Set(editor.keys).isSuperset(of: ["cancel", "save-square", "zoom-in", "zoom-out", "reset"]), "\(size): \(editor)")
        // The photo is developed for the editor off the main thread: shot once it is drawn.
        try app.waitForTrace("editor showing crop ")
        _ = try app.screenshot(saveAs: "\(size.name)-editor")
    }

    /// The page's controls once laid out at `size`: each inside the window and at least 44×44.
    func controls(_ app: AppSession, page: String, size: ScreenSize) throws -> [String: ControlsTrace.Box] {
        let controls = try app.waitForControls(page, where: { $0.isWindow(width: size.width, height: size.height) })
        controls.expectEveryControlFits("\(size)")
        return controls.boxes
    }
}
