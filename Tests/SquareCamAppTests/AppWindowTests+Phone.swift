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
    func launch(at size: ScreenSize, _ arguments: [String] = ["--camera", "test"], program: String = BuiltApp.product,
                environment extra: [String: String] = [:], until first: String = "viewfinder showing frames") throws -> AppSession {
        var environment = size.scale == 1 ? [:] : ["GDK_SCALE": String(size.scale)]
        if let language = size.language {
            try CompiledCatalogs.make()
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
        _ = try app.screenshot(saveAs: "\(size.name)-editor")
    }

    /// The page's controls once laid out at `size`: each inside the window and at least 44×44.
    func controls(_ app: AppSession, page: String, size: ScreenSize) throws -> [String: (x: Int, y: Int, width: Int, height: Int)] {
        let line = try app.waitForTrace("controls \(page) in ", where: { line in
            guard let window = windowSize(in: line) else { return false }
            return abs(window.width - size.width) <= 20 && abs(window.height - size.height) <= 20
        })
        let window = try #require(windowSize(in: line))
        var found: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
        let list = line[line.range(of: ": ", range: line.range(of: " in ")!.upperBound..<line.endIndex)!.upperBound...]
        for entry in list.split(separator: ";") {
            let words = entry.split(separator: " ")
            guard words.count == 5, let x = Int(words[1]), let y = Int(words[2]), let w = Int(words[3]), let h = Int(words[4]) else {
                Issue.record("\(size): unreadable control '\(entry)' in \(line)")
                continue
            }
            let name = String(words[0])
            found[name] = (x, y, w, h)
            #expect(x >= 0 && y >= 0 && x + w <= window.width && y + h <= window.height,
                    "\(size): \(name) at \(x) \(y) \(w)x\(h) is not inside the \(window.width)x\(window.height) window")
            #expect(w >= 44 && h >= 44, "\(size): \(name) is \(w)x\(h), smaller than a fingertip (44×44)")
        }
        return found
    }

    private func windowSize(in line: String) -> (width: Int, height: Int)? {
        guard let range = line.range(of: " in ") else { return nil }
        let text = line[range.upperBound...].prefix { $0 != ":" }
        let parts = text.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
