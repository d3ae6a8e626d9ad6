import Foundation
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads

/// `squarecam crop --mode face` end to end: the built program, its output and exit status.
@Suite(.ownThreads) struct FaceCropCLITests {
    @Test func aFileWithoutAFaceFailsAndTheBatchGoesOn() throws {
        let folder = try CropCLITests.Folder()
        let portrait = CLIRunner.fixtures.appendingPathComponent("faces/astronaut.jpg").path
        let landscape = CLIRunner.fixtures.appendingPathComponent("orientation/Landscape_1.jpg").path
        // The face-free file first, so the portrait is cropped after a failure.
        let result = try CLIRunner.run(["crop", "--mode", "face", "--jobs", "1", "-o", folder.path, landscape, portrait])
        #expect(result.status == 1)
        let sentences = result.error.split(separator: "\n").filter { $0.contains("no face found") }
        #expect(sentences == ["squarecam: \(landscape): no face found; use --mode smart or center"], "stderr: \(result.error)")
        #expect(try folder.size("astronaut-square.jpg") == PixelSize(width: 512, height: 512))
        #expect(!FileManager.default.fileExists(atPath: folder.file("Landscape_1-square.jpg")))
    }

    @Test func smartModeStillCropsAFileWithoutAFace() throws {
        let folder = try CropCLITests.Folder()
        let landscape = CLIRunner.fixtures.appendingPathComponent("orientation/Landscape_1.jpg").path
        let result = try CLIRunner.run(["crop", "--mode", "smart", "-o", folder.path, landscape])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(try folder.size("Landscape_1-square.jpg") == PixelSize(width: 400, height: 400))
    }

    @Test func helpNamesTheFaceMode() throws {
        let result = try CLIRunner.run(["crop", "--help"])
        #expect(result.output.contains("face (as smart with faces"), "help: \(result.output)")
    }
}
