import Foundation
import SquareCamCore
import Testing

extension AppWindowTests {
    /// Preferences (Ctrl+,) are remembered and used: the chosen folder, photo
    /// size and quality decide the file Save writes.
    @Test func preferencesChooseTheFolderAndSizeOfSavedPhotos() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-prefs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let chosen = home.appendingPathComponent("Chosen")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/squarecam"), withIntermediateDirectories: true)
        try "photo-size=1080\nquality=70\nfolder=\(chosen.path)\n"
            .write(to: home.appendingPathComponent(".config/squarecam/settings"), atomically: true, encoding: .utf8)
        let app = try AppSession(["--camera", "test:3840x2160"], environment: [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
        ])
        try app.waitForTrace("viewfinder showing frames")
        try app.press("space")
        try app.waitForTrace("review showing")
        try app.press("ctrl+s")
        let saved = try app.waitForTrace("saved ")
        #expect(saved.contains(chosen.path), "\(saved)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: chosen.path).first { $0.hasSuffix(".jpg") })
        let photo = try Picture(jpeg: chosen.appendingPathComponent(name))
        #expect(photo.width == 1080 && photo.height == 1080, "the 2160 square saved at 1080: \(photo.width)x\(photo.height)")

        try app.press("ctrl+comma")
        try app.waitForTrace("preferences shown")
        _ = try app.waitForWindow(named: "Preferences")
        _ = try app.screenshotOfScreen(saveAs: "preferences")
    }
}
