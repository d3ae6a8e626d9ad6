import Foundation
import Testing

extension AppWindowTests {
    /// Beside the shutter: the newest photo in the folder (across launches),
    /// replaced by each photo saved; a click opens it. The toast saying
    /// "Saved to …" leaves the shutter and the thumbnail free.
    @Test func theLastPhotoSitsBesideTheShutter() throws {
        let first = try AppSession(["--camera", Self.testCamera])
        try first.waitForTrace("viewfinder showing frames")
        #expect(!first.log.contains("last photo shown"), "a thumbnail with no photo")
        try first.press("space")
        try first.waitForTrace("review showing")
        try first.press("ctrl+s")
        let saved = try first.waitForTrace("saved ")
        let path = String(saved[saved.range(of: "saved ")!.upperBound...])
        try first.waitForTrace("last photo shown: \(path)")
        let controls = try first.waitForControls("live", where: { $0["thumbnail"] != nil })
        let toast = try first.waitForTrace("toast showing at ")
        let toastArea = try #require(toastBox(in: toast), "\(toast)")
        for name in ["shutter", "thumbnail"] {
            let control = try #require(controls[name], "\(controls.line)")
            #expect(!toastArea.overlaps(control), "the toast \(toastArea) covers the \(name) \(control)")
        }
        try first.press("ctrl+w")
        _ = try first.waitForExit()

        // The next launch shows it again, from the folder; a click opens it.
        let again = try AppSession(["--camera", Self.testCamera], environment: ["HOME": first.home.path,
                                                                       "XDG_PICTURES_DIR": first.home.appendingPathComponent("Pictures").path])
        try again.waitForTrace("last photo shown: \(path)")
        let button = try #require(try again.waitForControls("live", where: { $0["thumbnail"] != nil })["thumbnail"])
        try XDisplay.shared.run("xdotool", ["mousemove", "--window", again.windowID, String(button.centre.x), String(button.centre.y)])
        try XDisplay.shared.run("xdotool", ["click", "1"])
        try again.waitForTrace("opening last photo \(path)")
    }

    /// The box of a `toast showing at X Y W H` line.
    private func toastBox(in line: String) -> ControlsTrace.Box? {
        guard let range = line.range(of: " at ") else { return nil }
        let numbers = line[range.upperBound...].split(separator: " ").compactMap { Int($0) }
        return numbers.count >= 4 ? ControlsTrace.Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) : nil
    }
}
