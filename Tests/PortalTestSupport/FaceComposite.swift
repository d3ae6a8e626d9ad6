import Foundation
import TestThreads

/// The wide frame the face-following tests show a camera: 1280x720 with the
/// astronaut portrait (Tests/Fixtures/faces), scaled to 720x720, at the right
/// edge beside a plain wall. One recipe for the app's, the CLI's and the
/// portal's tests.
public enum FaceComposite {
    /// Where her face's centre lies in the composite.
    public static let faceCentre = (x: 874, y: 179)

    /// Writes the composite to `path` (its extension picks the format) with ImageMagick.
    public static func write(to path: String) throws {
        let portrait = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/faces/astronaut.jpg").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = ["-size", "1280x720", "xc:rgb(90,100,110)", "-type", "TrueColor",
                             "(", portrait, "-resize", "720x720", ")", "-geometry", "+560+0", "-composite",
                             "-type", "TrueColor", path]
        try process.run()
        guard process.waitForExitStatus() == 0, FileManager.default.fileExists(atPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
