import Foundation
import Testing
import TestThreads

/// `squarecam scan` end to end: the built program, image-file cameras of the
/// QR fixtures (Tests/Fixtures/codes, drawn by make-codes.sh), through the
/// camera pipeline's analysis branch.
@Suite(.ownThreads) struct ScanCLITests {
    static func camera(_ name: String) -> String {
        "file:" + CLIRunner.fixtures.appendingPathComponent("codes/\(name).png").path
    }

    @Test(arguments: [
        ("straight", "https://example.org/squarecam/straight"),
        // 132 px wide at the left edge of a Full HD frame: outside the square, 2 px a module once scaled.
        ("small", "small code at the left edge"),
        ("tilted", "tilted by 23 degrees"),
        ("mirrored", "read through a mirror"),
    ])
    func printsTheCodesText(fixture: String, text: String) throws {
        let result = try CLIRunner.run(["scan", "--camera", Self.camera(fixture), "--timeout", "20"])
        #expect(result.status == 0, "\(fixture): \(result.error)")
        #expect(result.output == text + "\n")
        #expect(result.error.isEmpty, "no progress where standard error is no terminal: \(result.error)")
    }

    @Test func printsOneOfSeveralCodes() throws {
        let result = try CLIRunner.run(["scan", "--camera", Self.camera("two"), "--timeout", "20"])
        #expect(result.status == 0, "\(result.error)")
        #expect(["first of two\n", "second of two\n"].contains(result.output), "\(result.output)")
    }

    /// No code: exit 1 with one sentence once the timeout is over, not much later.
    @Test func givesUpAfterTheTimeoutWithASentence() throws {
        let started = Date()
        let result = try CLIRunner.run(["scan", "--camera", Self.camera("none"), "--timeout", "1.5"])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "squarecam: No QR code was read within 1.5 s: hold it closer to the camera, steady and well lit, or give --timeout more seconds.\n")
        #expect(seconds >= 1.5 && seconds < 10, "\(seconds) s")
    }

    @Test func jsonGivesTextFormatCornersAndCamera() throws {
        let result = try CLIRunner.run(["scan", "--camera", Self.camera("tilted"), "--json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["text"] as? String == "tilted by 23 degrees")
        #expect(report["format"] as? String == "QR-Code")
        #expect((report["camera"] as? [String: Any])?["id"] as? String == Self.camera("tilted"))
        // In the camera frame's pixels (1280x720), though read in a 960x540 frame:
        // the code lies right of the centre square, which ends at x = 1000.
        let corners = try #require(report["corners"] as? [[String: Int]])
        #expect(corners.count == 4)
        for corner in corners {
            let x = try #require(corner["x"]), y = try #require(corner["y"])
            #expect((1000..<1280).contains(x) && (0..<720).contains(y), "\(corner)")
        }
    }

    @Test(arguments: [
        (["scan", "--timeout", "0"], "--timeout"),
        (["scan", "--timeout", "soon"], "--timeout"),
        (["scan", "photo.png"], "photo.png"),
    ])
    func refusesBadArguments(arguments: [String], named: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains(named), "\(result.error)")
    }
}
