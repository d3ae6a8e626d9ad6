import Foundation
import PortalTestSupport
import Testing

/// The status pages as a user meets them: how one is laid out (checked at
/// every size and language by the status walk, everyStatusPageFits); Not Now
/// that asks nobody and stores nothing; the portal's command to select or
/// copy; the same words about the settings before asking and after a refusal.
extension AppWindowTests {
    /// The status page shown in a window of about `width`×`height`, drawn
    /// after the first `since` trace lines: its buttons inside the window and
    /// at least 44×44, no label cut, no text that needs scrolling, the main
    /// button drawn whole. A page given its `buttons` (the explanation, no
    /// camera, an unknown camera: a paragraph of text each) shows those, has
    /// them beside the text on a phone on its side, and a title in even
    /// lines; a shorter page may stay in one column where that fits, and a
    /// title of three words may have no even break.
    func expectStatusPageLaidOut(_ app: AppSession, _ what: String, width: Int, height: Int, since: Int,
                                 buttons: Set<String>? = nil, screenshot name: String? = nil) throws {
        let drawn = try statusDrawn(app, width: width, height: height, since: since)
        // The boxes drawn in that arrangement (a line from before it would not match the screen).
        let controls = try statusControls(app, width: width, height: height, what: what, after: drawn)
        if let buttons {
            #expect(Set(controls.keys).intersection(["primary", "secondary"]) == buttons, "\(what): \(controls.keys.sorted())")
        }
        #expect(drawn.contains("clipped none"), "\(what): a label is cut: \(drawn)")
        #expect(drawn.contains("scrolls no"), "\(what): the text does not fit: \(drawn)")
        let arrangement = drawn.components(separatedBy: "status drawn ").last?.split(separator: " ").first.map(String.init) ?? ""
        if buttons == nil {
            #expect(["stacked", "compact", "sideBySide"].contains(arrangement), "\(what): \(drawn)")
        } else if width > height {
            #expect(arrangement == (height < 500 ? "sideBySide" : "stacked"), "\(what): \(drawn)")
        } else {
            #expect(arrangement == "stacked" || arrangement == "compact", "\(what): \(drawn)")
        }
        if arrangement == "sideBySide", let primary = controls["primary"] {
            // Beside the text, centred in the page's height (under the 46 px header bar).
            let bottom = controls["secondary"].map { $0.y + $0.height } ?? primary.y + primary.height
            let middle = (primary.y + bottom) / 2, pageMiddle = (46 + height) / 2
            #expect(abs(middle - pageMiddle) <= 24, "\(what): the buttons are not centred: \(controls)")
            #expect(primary.x > width / 2, "\(what): the buttons are not beside the text: \(controls)")
        }
        let widths = titleLineWidths(in: drawn)
        if buttons != nil, widths.count > 1, let widest = widths.max(), let last = widths.last {
            #expect(Double(last) >= 0.5 * Double(widest), "\(what): the title's last line is short: \(widths)")
            #expect(widths.allSatisfy { $0 >= 40 }, "\(what): a title line holds a character or two: \(widths)")
        }
        let shot = try app.screenshot(saveAs: name)
        if let primary = controls["primary"] {
            // The main button is drawn where the trace says, whole: its accent blue fills its box.
            let box = shot.cropped(x: primary.x, y: primary.y, width: primary.width, height: primary.height)
            let blue = box.fraction { $0.b > $0.r + 80 && $0.b > 180 }
            #expect(blue > 0.5, "\(what): the main button's box is \(Int(blue * 100)) % accent blue")
        }
    }

    /// Not Now asks nobody and shows its own page (no refusal's advice); Continue there lets the desktop ask.
    @Test func notNowPostponesAndContinueAsksThen() throws {
        let app = try AppSession(["--script", "not-determined"], program: BuiltApp.scripted)
        try app.waitForTrace("status page title=SquareCam would like to use the camera")
        let explained = try statusControls(app, width: 600, height: 760, what: "explanation", tolerance: 200)
        let notNow = try #require(explained["secondary"], "no Not Now button: \(explained)")
        try app.click(x: notNow.x + notNow.width / 2, y: notNow.y + notNow.height / 2)
        try app.waitForTrace("declinePermission → permissionPostponed")
        let line = try app.waitForTrace("status page title=", occurrence: 2)
        #expect(line.contains("title=SquareCam will ask when you are ready"), "\(line)")
        #expect(line.contains("Nothing was asked and nothing was stored"), "\(line)")
        for advice in ["remembers", "gdbus", "usermod", "no permission", "Settings ›"] {
            #expect(!line.contains(advice), "Not Now's page gives a refusal's advice (\(advice)): \(line)")
        }
        #expect(!app.log.contains("→ permissionDenied"))
        let postponed = try app.waitForTrace("controls status in ", where: { !$0.contains("secondary") })
        #expect(postponed.contains("primary "), "\(postponed)")
        _ = try app.screenshot(saveAs: "status-postponed")
        try app.press("Return")  // Continue, focused
        try app.waitForTrace("continueToPermission → askingPermission")
        try app.waitForTrace("permissionAnswered(authorized) → starting")
        try app.waitForTrace("viewfinder showing frames")
    }

    /// The real portal: Not Now stores nothing and no dialog asks; Continue later asks once.
    @Test func portalNotNowStoresNothingAndContinueAsksLater() throws {
        let session = try PortalSession.start(.init(cameras: 1, answer: .allow, stored: .none))
        let app = try AppSession(in: session)
        try app.waitForTrace("status page title=SquareCam would like to use the camera")
        let explained = try statusControls(app, width: 600, height: 760, what: "explanation", tolerance: 200)
        let notNow = try #require(explained["secondary"])
        try app.click(x: notNow.x + notNow.width / 2, y: notNow.y + notNow.height / 2)
        try app.waitForTrace("status page title=SquareCam will ask when you are ready")
        #expect(try session.dialogCount() == 0 && session.storedAnswer() == .none, "Not Now asked or stored")
        try app.press("Return")
        try app.waitForTrace("permissionAnswered(authorized)")
        try app.waitForTrace("viewfinder showing frames")
        #expect(try session.dialogCount() == 1 && session.storedAnswer() == .yes)
    }

    /// The explanation and the denied page say the same about the settings, from the same knowledge:
    /// here (no GNOME or KDE settings installed) neither sends the user to a settings page.
    @Test func theExplanationAndTheRefusalAgreeAboutSettings() throws {
        let hasSettings = ["gnome-control-center", "systemsettings"].contains { program in
            (try? XDisplay.shared.output("sh", ["-c", "command -v \(program)"])) != nil
        }
        let asking = try AppSession(["--script", "not-determined"], program: BuiltApp.scripted)
        let before = try asking.waitForTrace("status page title=")
        let refused = try AppSession(["--script", "permission-denied"], program: BuiltApp.scripted)
        let after = try refused.waitForTrace("status page title=")
        #expect(before.contains("Settings › Privacy › Camera") == hasSettings, "\(before)")
        #expect(after.contains("Settings › Privacy › Camera") == hasSettings, "\(after)")
        if !hasSettings {
            #expect(before.contains("no camera privacy settings") && after.contains("no camera privacy settings"), "\(before)\n\(after)")
        }
    }

    /// The portal's refusal with no settings page: the command is selectable, and Copy Command puts it on the clipboard.
    @Test func portalRefusalCommandCanBeSelectedAndCopied() throws {
        let session = try PortalSession.start(.init(cameras: 1, stored: .no))
        let app = try AppSession(in: session)
        let line = try app.waitForTrace("status page title=SquareCam has no permission to use the camera")
        let command = try #require(line.components(separatedBy: " command=").last, "no command on the page: \(line)")
        #expect(command.hasPrefix("gdbus call --session") && command.contains("DeletePermission devices camera"), "\(command)")
        #expect(!line.contains("description=Allow it in Settings"), "\(line)")
        try app.resize(width: 360, height: 720)
        // The controls once the page is drawn at the new size: the first line
        // at 360 px can come before the title wraps again and moves the buttons.
        let drawn = try statusDrawn(app, width: 360, height: 720)
        let controls = try statusControls(app, width: 360, height: 720, what: "portal refusal", after: drawn)
        let copy = try #require(controls["secondary"], "no Copy Command button: \(controls)")
        let shown = try #require(controls["command"], "the command is not shown: \(controls)")
        _ = try app.screenshot(saveAs: "status-portal-refusal-360x720")
        // Selected with the mouse (three clicks: the whole paragraph), it is X's primary selection.
        try app.click(x: shown.x + shown.width / 2, y: shown.y + shown.height / 2, times: 3)
        let selected = try waitForSelection("primary", on: app) { $0 == command }
        #expect(selected == command, "selected: '\(selected)'")
        try app.click(x: copy.x + copy.width / 2, y: copy.y + copy.height / 2)
        try app.waitForTrace("status command copied")
        let copied = try waitForSelection("clipboard", on: app) { $0 == command }
        #expect(copied == command, "on the clipboard: '\(copied)'")
    }

    // MARK: Reading the traces

    /// The `controls status in WxH` line for a window of about that size: each box inside it, buttons at least 44×44.
    private func statusControls(_ app: AppSession, width: Int, height: Int, what: String, tolerance: Int = 20,
                                after earlier: String? = nil) throws -> [String: ControlsTrace.Box] {
        let controls = try app.waitForControls("status", where: { controls in
            guard controls.isWindow(width: width, height: height, tolerance: tolerance) else { return false }
            guard let earlier else { return true }
            let log = app.log
            guard let this = log.range(of: controls.line, options: .backwards), let before = log.range(of: earlier, options: .backwards) else { return false }
            return this.lowerBound > before.lowerBound
        })
        controls.expectEveryControlFits(what, notTouched: ["command"])
        return controls.boxes
    }

    /// The `status drawn` line of the page laid out in a window of about
    /// `width`×`height` (the page is the window less its header).
    private func statusDrawn(_ app: AppSession, width: Int, height: Int, since: Int = 0) throws -> String {
        try app.waitForTrace("status drawn ", after: since, where: { line in
            guard let page = statusPageSize(in: line) else { return false }
            return abs(page.width - width) <= 20 && abs(page.height - height) <= 90
        })
    }

    /// The page's size in a `status drawn LAYOUT in WxH:` line.
    private func statusPageSize(in line: String) -> (width: Int, height: Int)? {
        guard let range = line.range(of: "status drawn ") else { return nil }
        return ControlsTrace.size(after: " in ", in: String(line[range.upperBound...]))
    }

    /// The title's line widths in a `status drawn` line ("title lines 2 widths 212 208;").
    private func titleLineWidths(in line: String) -> [Int] {
        guard let range = line.range(of: " widths ") else { return [] }
        return line[range.upperBound...].prefix { $0 != ";" }.split(separator: " ").compactMap { Int($0) }
    }

    /// An X selection's text once it satisfies `condition` (or the last read, after 10 s).
    func waitForSelection(_ name: String, on app: AppSession, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? app.screen.output("xclip", ["-selection", name, "-o"])) ?? ""
            if condition(text) { break }
            usleep(100_000)
        }
        return text
    }
}

extension AppSession {
    /// Clicks (or double or triple clicks) at (x, y) in the window, as a user's mouse would.
    func click(x: Int, y: Int, times: Int = 1) throws {
        try movePointer(toX: x, y: y)
        try screen.run("xdotool", ["click", "--repeat", String(times), "--delay", "80", "1"])
    }
}
