import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The camera in a saved photo's EXIF: Model is the camera's name; Make is
/// left out when nobody knows the maker (it used to repeat the name:
/// "Test Camera" / "Test Camera" through the portal).
@Suite struct SquarePhotoExifTests {
    private func summary(camera: CameraDescription) throws -> ExifMetadata.Summary {
        let encoded = try SquarePhoto.encode(TestImages.gradient(width: 96, height: 64), camera: camera)
        let payload = try #require(JPEGMarkers(encoded.jpeg).exifPayload)
        return try ExifMetadata(app1Payload: payload).summary()
    }

    @Test(arguments: [CameraFacing.front, .back, .external])
    func aRealCameraGivesItsNameAsModelAndNoMake(_ facing: CameraFacing) throws {
        let exif = try summary(camera: CameraDescription(id: "pipewire:42", name: "Test Camera", facing: facing, modes: []))
        #expect(exif.model == "Test Camera")
        #expect(exif.make == nil, "Make repeats the model: \(exif.make ?? "")")
    }

    @Test func theTestPatternIsMadeBySquareCam() throws {
        let exif = try summary(camera: CameraDescription(id: "test", name: "Test pattern", facing: .virtual, modes: []))
        #expect(exif.make == "SquareCam" && exif.model == "Test pattern")
    }
}
