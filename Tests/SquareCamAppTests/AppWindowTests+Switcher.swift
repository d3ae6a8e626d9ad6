import Foundation
import Testing

extension AppWindowTests {
    /// With two cameras the switcher shows; C (or the drop-down) opens the
    /// next one and the viewfinder streams it, and C again goes back. The
    /// cameras are two test patterns listed by the scripted test program.
    @Test func cameraSwitcherShowsWithTwoCamerasAndCSwitches() throws {
        let first = "test:640x360@30", second = "test:1280x720@30"
        let app = try AppSession(["--cameras", "\(first),\(second)"], program: BuiltApp.scripted)
        try app.waitForTrace("viewfinder showing frames")
        try app.waitForTrace("switcher shown with 2 cameras")
        // The on-screen switch beside the shutter, for touch.
        try app.waitForTrace("controls live in ", where: { $0.contains(" switch ") })
        try app.press("c")
        #expect(try app.waitForTrace("camera chosen ").hasSuffix("camera chosen \(second)"))
        try app.waitForTrace("→ live", occurrence: 2)
        try app.waitForTrace("viewfinder showing frames", occurrence: 2)
        try app.press("c")
        #expect(try app.waitForTrace("camera chosen ", occurrence: 2).hasSuffix("camera chosen \(first)"))
        try app.waitForTrace("→ live", occurrence: 3)
        #expect(!app.log.contains("→ failed"), "\(app.log)")
    }
}
