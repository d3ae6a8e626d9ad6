import Foundation
import Testing

extension AppWindowTests {
    /// A phone's screen, upright or on its side, with a window manager placing the dialogs.
    struct PhoneScreen: CustomStringConvertible, Sendable {
        var width: Int, height: Int
        var description: String { "\(width)x\(height)" }
    }

    /// Preferences (Ctrl+,), the keyboard shortcuts (Ctrl+?) and About fit the phone's
    /// screen, and their close button is on it and closes them (the shortcuts window was
    /// 1,162 px wide on a 360 px phone, Preferences 370 px, and 560 px tall on its side).
    @Test(arguments: [PhoneScreen(width: 360, height: 720), PhoneScreen(width: 720, height: 360)])
    func theAppsWindowsFitAPhoneAndCloseByTheirButton(_ phone: PhoneScreen) throws {
        let screen = XDisplay.withWindowManager(width: phone.width, height: phone.height)
        let app = try AppSession(["--camera", Self.testCamera], on: screen)
        try app.waitForTrace("viewfinder showing frames")
        let windows: [(name: String, title: String, open: () throws -> Void)] = [
            ("preferences", "Preferences", { try app.press("ctrl+comma") }),
            ("shortcuts", "Keyboard Shortcuts", { try app.press("ctrl+question") }),
            // The menu's last item.
            ("about", "About", { try app.press("F10"); try app.waitForTrace("main menu open true"); try app.press("Up", "Return") }),
        ]
        for window in windows {
            part("\(window.name) at \(phone)") {
                let shown = app.traceCount("window \(window.name) in ")
                try window.open()
                let id = try app.waitForWindow(named: window.title)
                let frame = try app.geometry(of: id)
                _ = try app.screenshotOfScreen(saveAs: "\(window.name)-\(phone)")
                #expect(frame.x >= 0 && frame.y >= 0 && frame.x + frame.width <= phone.width && frame.y + frame.height <= phone.height,
                        "\(window.name) spans \(frame.x)…\(frame.x + frame.width) × \(frame.y)…\(frame.y + frame.height) on a \(phone) screen")
                let line = try DialogLine(try app.waitForTrace("window \(window.name) in ", occurrence: shown + 1))
                // Its close button is on the screen, and closes it.
                let close = (x: frame.x + line.close.x + line.close.width / 2, y: frame.y + line.close.y + line.close.height / 2)
                #expect(close.x > 0 && close.x < phone.width && close.y > 0 && close.y < phone.height, "close button at \(close): \(line)")
                try app.click(x: close.x, y: close.y)
                try app.waitUntilGone(id)
            }
        }
    }

    /// What each language calls the shortcuts window.
    struct ShortcutsWords: CustomStringConvertible, Sendable {
        var language: String?
        var title: String
        var description: String { language ?? "en" }
    }

    /// The shortcuts window lists each key that does something, once, by the name on
    /// the keyboard (not "KP_Enter", not "+ / = / +"), Enter on review and in the editor,
    /// Ctrl+, and Ctrl+? included; its title is its menu item's words (Korean had
    /// 바로 가기 in the header bar, 키보드 단축키 in the menu).
    @Test(arguments: [ShortcutsWords(language: nil, title: "Keyboard Shortcuts"),
                      ShortcutsWords(language: "ja", title: "キーボードショートカット"),
                      ShortcutsWords(language: "ko", title: "키보드 단축키")])
    func theShortcutsWindowListsOnlyKeysThatExistUnderItsMenuName(_ words: ShortcutsWords) throws {
        var environment: [String: String] = [:]
        if let language = words.language {
            environment = ["LANGUAGE": language, "LANG": "C.UTF-8"]
        }
        let app = try AppSession(["--camera", Self.testCamera], environment: environment)
        try app.waitForTrace("viewfinder showing frames")
        let menu = try app.waitForTrace("main menu items: ")
        let items = menu.components(separatedBy: "main menu items: ")[1].components(separatedBy: " | ")
        #expect(items.contains(words.title), "the menu: \(menu)")
        let line = try DialogLine(try app.next("window shortcuts in ", after: { try app.press("ctrl+question") }))
        #expect(line.title == words.title, "the window is titled '\(line.title)', its menu item '\(words.title)'")
        _ = try app.waitForWindow(named: words.title)
        _ = try app.screenshotOfScreen(saveAs: "shortcuts-\(words)")

        let listed = try Self.listedShortcuts(app)
        let keys = listed.flatMap { row in row.keys.map { "\(row.group) \($0)" } }
        #expect(!keys.contains { $0.contains("KP_") || $0.hasSuffix(" equal") || $0.hasSuffix(" underscore") }, "\(keys)")
        #expect(Set(keys).count == keys.count, "a key listed twice in one group: \(keys)")
        for wanted in ["camera space", "review Return", "review <Control>s", "editor Return", "window <Control>comma",
                       "window <Control>question", "window F10"] {
            #expect(keys.contains(wanted), "\(wanted) is not listed: \(keys)")
        }
    }

    /// The rows of the shortcuts window, from its `shortcut listed GROUP KEYS: TITLE` lines.
    static func listedShortcuts(_ app: AppSession) throws -> [(group: String, keys: [String], title: String)] {
        try app.waitForTrace("shortcut listed window ")
        return app.traceLines.compactMap { line in
            guard let range = line.range(of: "squarecam-trace: shortcut listed ") else { return nil }
            let rest = line[range.upperBound...]
            guard let colon = rest.range(of: ": ") else { return nil }
            let words = rest[..<colon.lowerBound].split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()), String(rest[colon.upperBound...]))
        }
    }
}
