import Foundation
import SquareCamCore
import SquareCamImaging

/// The QR-code pictures in Tests/Fixtures/codes (drawn by its make-codes.sh,
/// which names each code's text).
enum CodeFixtures {
    static let straightText = "https://example.org/squarecam/straight"
    static let smallText = "small code at the left edge"
    static let tiltedText = "tilted by 23 degrees"
    static let mirroredText = "read through a mirror"
    static let twoTexts: Set<String> = ["first of two", "second of two"]

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/codes/\(name).png").path
    }

    /// The fixture decoded as an image-file camera decodes it.
    static func frame(_ name: String) throws -> Frame {
        try UprightPhoto.read(path: path(name))
    }
}
