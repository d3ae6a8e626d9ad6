import Foundation
import Testing
import TestThreads

extension AppWindowTests {
    /// `kill` (SIGTERM) closes the app as its close button does, within a
    /// moment and with exit status 0 — even when whoever started it blocks
    /// SIGTERM, as the test process's worker threads do (the mask survives exec).
    @Test func sigtermClosesTheAppCleanly() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        kill(app.process.processIdentifier, SIGTERM)
        let status = app.process.waitForExitStatus(timeout: 5)
        #expect(status != nil, "the app ignored SIGTERM for 5 s")
        #expect(status == nil || status == 0, "the app exited with status \(status ?? 0) (128 + N: killed by signal N)")
    }

    /// Two signals at once (`timeout` signals the app and then its process
    /// group; a logout sends SIGTERM, then SIGHUP): one close, no warning
    /// from GTK about a window already gone, exit status 0.
    @Test func aSecondSignalWhileClosingIsIgnored() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        kill(app.process.processIdentifier, SIGTERM)
        kill(app.process.processIdentifier, SIGHUP)
        #expect(try app.waitForExit(timeout: 10) == 0)
        #expect(app.traceCount("session ending") == 1, "\(app.log)")
        #expect(!app.log.contains("WARNING") && !app.log.contains("CRITICAL"), "\(app.log)")
    }

    /// Without a graphics device (Xvfb here), GTK is told before it starts that
    /// any OpenGL would be software: it paints with cairo and never loads Mesa.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri") && !FileManager.default.fileExists(atPath: "/dev/nvidiactl"),
                   "this machine has a graphics device: GTK's OpenGL is asked what it runs on instead"))
    func withoutAGraphicsDeviceOpenGLIsNeverLoaded() throws {
        let app = try AppSession(["--camera", Self.testCamera])
        try app.waitForTrace("viewfinder showing frames")
        #expect(app.log.contains("renderer cairo (no graphics device: OpenGL off)"), "\(app.log)")
        let maps = try String(contentsOfFile: "/proc/\(app.process.processIdentifier)/maps", encoding: .utf8)
        #expect(!maps.contains("libGLX_mesa") && !maps.contains("libEGL_mesa") && !maps.contains("_dri.so"), "Mesa is loaded")
        // GTK was not left to try its GL renderer first (it logs the failure).
        #expect(!app.log.contains("GskGLRenderer"), "\(app.log)")
    }
}
