import Foundation
import PortalTestSupport
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads

/// `shoot --follow-face` and `--zoom` end to end, on an image-file camera
/// showing a wide frame with the person at one side (the astronaut portrait,
/// Tests/Fixtures/faces, beside a plain wall).
@Suite(.ownThreads) struct ShootFramingCLITests {
    /// The face-following composite (PortalTestSupport's `FaceComposite`) in `folder`.
    static func wideFrame(in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/wide.jpg"
        try FaceComposite.write(to: path)
        return path
    }

    static func report(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    static func square(_ report: [String: Any]) throws -> PixelRect {
        let square = try #require(report["square"] as? [String: Int])
        let side = try #require(square["side"])
        return PixelRect(x: try #require(square["x"]), y: try #require(square["y"]), width: side, height: side)
    }

    static let faceCentre = PixelPoint(x: FaceComposite.faceCentre.x, y: FaceComposite.faceCentre.y)

    @Test func followingTheFacePutsTheSquareOnIt() throws {
        let folder = try TemporaryFolder()
        let wide = try Self.wideFrame(in: folder)
        for zoom in ["1", "2"] {
            let result = try CLIRunner.run(["shoot", "--camera", "file:" + wide, "--follow-face", "--zoom", zoom, "--json", "-o", folder.path + "/"])
            #expect(result.status == 0, "\(result.error)")
            let report = try Self.report(result.output)
            #expect(report["faces"] as? Int == 1, "\(report)")
            let square = try Self.square(report)
            #expect(square.contains(Self.faceCentre), "zoom \(zoom): \(square) misses the face")
            #expect(square.x > PixelSize(width: 1280, height: 720).centeredSquare.x, "zoom \(zoom): not moved right: \(square)")
            #expect(square.width == (zoom == "1" ? 720 : 360))
            // The saved photo holds her face, by the detector's own account.
            let photo = try ShootCLITests.decodedPhoto(at: try #require(report["path"] as? String))
            #expect(photo.size == PixelSize(width: square.width, height: square.width))
            #expect(!FaceDetector.faces(in: photo).isEmpty, "zoom \(zoom): no face in the photo")
        }
    }

    /// Zoomed, the photo is the square's own pixels (full resolution, never
    /// scaled), and a --size larger than that square is said, not met by enlarging.
    @Test func aZoomedPhotoIsTheFramesOwnPixels() throws {
        let folder = try TemporaryFolder()
        let wide = try Self.wideFrame(in: folder)
        let source = try ShootCLITests.decodedPhoto(at: wide)
        let result = try CLIRunner.run(["shoot", "--camera", "file:" + wide, "--zoom", "2", "--size", "1080", "--quality", "100", "--json", "-o", folder.path + "/"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("note: the square is 360x360 pixels at this zoom; the photo keeps that size, not 1080 (never enlarged)."), "\(result.error)")
        let report = try Self.report(result.output)
        let square = try Self.square(report)
        #expect(square == PixelRect(x: 460, y: 180, width: 360, height: 360))
        let photo = try ShootCLITests.decodedPhoto(at: try #require(report["path"] as? String))
        #expect(photo.size == PixelSize(width: 360, height: 360))
        let difference = ShootCLITests.meanDifference(photo, source.copying(region: square), in: PixelSize(width: 360, height: 360).bounds)
        #expect(difference < 2, "the photo is not the frame's pixels: mean difference \(difference)")
    }

    @Test func withoutAFaceTheSquareStaysCentredAndANoteSaysSo() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "--camera", "test", "--follow-face", "--json", "-o", folder.path + "/"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("note: no face found; the photo is the centre square."), "\(result.error)")
        let report = try Self.report(result.output)
        #expect(report["faces"] as? Int == 0)
        #expect(try Self.square(report) == PixelRect(x: 420, y: 0, width: 1080, height: 1080))
    }

    @Test(arguments: [
        (["--zoom", "4"], "--zoom takes a number from 1.0 to 3.0, not '4'."),
        (["--zoom", "0.5"], "--zoom takes a number from 1.0 to 3.0, not '0.5'."),
    ])
    func zoomOutsideItsRangeIsAUsageError(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(["shoot", "--camera", "test"] + arguments)
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func helpNamesZoomAndFollowFace() throws {
        let help = try CLIRunner.run(["shoot", "--help"]).output
        #expect(help.contains("--zoom") && help.contains("--follow-face"), "\(help)")
    }
}
