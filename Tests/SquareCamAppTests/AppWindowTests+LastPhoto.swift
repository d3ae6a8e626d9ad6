import Foundation
import Testing

extension AppWindowTests {
    /// Beside the shutter: the newest photo in the folder (across launches),
    /// replaced by each photo saved; a click opens it. The toast saying
    /// "Saved to …" leaves the shutter and the thumbnail free.
    @Test func theLastPhotoSitsBesideTheShutter() throws {
        let first = try AppSession(["--camera", "test"])
        try first.waitForTrace("viewfinder showing frames")
        #expect(!first.log.contains("last photo shown"), "a thumbnail with no photo")
        try first.press("space")
        try first.waitForTrace("review showing")
        try first.press("ctrl+s")
        let saved = try first.waitForTrace("saved ")
        let path = String(saved[saved.range(of: "saved ")!.upperBound...])
        try first.waitForTrace("last photo shown: \(path)")
        let controls = try first.waitForTrace("controls live in ", where: { $0.contains("thumbnail ") })
        let toast = try first.waitForTrace("toast showing at ")
        let toastBox = try #require(boxes(in: toast).first, "\(toast)")
        for name in ["shutter", "thumbnail"] {
            let control = try #require(box(named: name, in: controls), "\(controls)")
            let overlaps = toastBox.x < control.x + control.w && control.x < toastBox.x + toastBox.w
                && toastBox.y < control.y + control.h && control.y < toastBox.y + toastBox.h
            #expect(!overlaps, "the toast \(toastBox) covers the \(name) \(control)")
        }
        try first.press("ctrl+w")
        _ = try first.waitForExit()

        // The next launch shows it again, from the folder; a click opens it.
        let again = try AppSession(["--camera", "test"], environment: ["HOME": first.home.path,
                                                                       "XDG_PICTURES_DIR": first.home.appendingPathComponent("Pictures").path])
        try again.waitForTrace("last photo shown: \(path)")
        let line = try again.waitForTrace("controls live in ", where: { $0.contains("thumbnail ") })
        let button = try #require(box(named: "thumbnail", in: line))
        try XDisplay.shared.run("xdotool", ["mousemove", "--window", again.windowID, String(button.x + button.w / 2), String(button.y + button.h / 2)])
        try XDisplay.shared.run("xdotool", ["click", "1"])
        try again.waitForTrace("opening last photo \(path)")
    }

    private func box(named name: String, in line: String) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard let range = line.range(of: " \(name) ") ?? line.range(of: ": \(name) ") else { return nil }
        let numbers = line[range.upperBound...].split(separator: " ").prefix(4).compactMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ";"))) }
        return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
    }

    private func boxes(in line: String) -> [(x: Int, y: Int, w: Int, h: Int)] {
        guard let range = line.range(of: " at ") else { return [] }
        let numbers = line[range.upperBound...].split(separator: " ").compactMap { Int($0) }
        return numbers.count >= 4 ? [(numbers[0], numbers[1], numbers[2], numbers[3])] : []
    }
}
