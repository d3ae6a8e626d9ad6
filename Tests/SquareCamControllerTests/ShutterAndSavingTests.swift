import Foundation
import SquareCamImaging
import SquareCamController
import SquareCamCore
import Testing

/// The shutter, the countdown, review, the editor and saving, with real
/// JPEG encoding and real files in a scratch folder.
@MainActor @Suite struct ShutterAndSavingTests {
    @Test func shutterReviewSaveWritesTheCentreSquare() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        guard case .reviewing(let photo) = harness.state else {
            Issue.record("not reviewing: \(harness.state)")
            return
        }
        #expect(harness.notices == [.shutter])
        #expect(harness.controller.shot(for: photo)?.frame.size == PixelSize(width: 64, height: 48))
        #expect(photo.crop == PixelRect(x: 8, y: 0, width: 48, height: 48))
        await harness.send(.save)
        #expect(harness.state == .live)
        let files = harness.savedFiles
        #expect(files.count == 1)
        #expect(try harness.savedSize(files[0]) == PixelSize(width: 48, height: 48))
        guard case .saved(let path) = harness.notices.last else {
            Issue.record("no saved notice: \(harness.notices)")
            return
        }
        #expect(path.hasSuffix(files[0]))
        #expect(harness.controller.shot(for: photo) == nil, "a saved photo's frame is let go")
    }

    @Test func anEditedSquareIsTheOneSaved() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.edit)
        guard case .editing = harness.state else {
            Issue.record("not editing: \(harness.state)")
            return
        }
        await harness.send(.editDone(crop: PixelRect(x: 0, y: 0, width: 32, height: 32)))
        #expect(harness.state == .live)
        #expect(try harness.savedSize(try #require(harness.savedFiles.first)) == PixelSize(width: 32, height: 32))
    }

    /// The editor's "Save as Round Avatar": the edited square as a PNG with
    /// transparent corners, named as photos are but .png; the square's own
    /// pixels inside, the same as its JPEG's.
    @Test func aRoundAvatarIsSavedAsAPNGWithClearCorners() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.edit)
        let crop = PixelRect(x: 8, y: 0, width: 40, height: 40)
        await harness.send(.editDone(crop: crop, shape: .round))
        #expect(harness.state == .live)
        #expect(harness.savedFiles.isEmpty, "no JPEG")
        let names = try FileManager.default.contentsOfDirectory(atPath: harness.folder)
        let name = try #require(names.first { $0.hasSuffix(".png") }, "\(names)")
        #expect(name.wholeMatch(of: /SquareCam_\d{8}_\d{6}\.png/) != nil, "\(name)")
        let avatar = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: harness.folder + "/" + name))), keepAlpha: true)
        #expect(avatar.layout == .rgba && avatar.size == PixelSize(width: 40, height: 40))
        let bytes = avatar.planes[0].bytes
        #expect(Array(bytes[0..<4]) == [0, 0, 0, 0], "a corner is clear and holds nothing")
        let middle = (20 * 40 + 20) * 4
        #expect(bytes[middle + 3] == 255)
    }

    @Test func aFailedSaveKeepsThePhotoAndSaysWhy() async throws {
        let harness = try await ControllerHarness.live()
        // The photos folder's parent is a file: the folder cannot be made.
        let parent = URL(fileURLWithPath: harness.folder).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: parent).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: parent, contents: Data("not a folder".utf8))
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.save)
        guard case .reviewing(let photo) = harness.state else {
            Issue.record("the photo left review: \(harness.state)")
            return
        }
        let problem = try #require(harness.controller.saveProblem)
        guard case .write = problem else {
            Issue.record("not a write problem: \(problem)")
            return
        }
        #expect(harness.controller.shot(for: photo) != nil, "the photo is kept")
        #expect(harness.notices.filter { if case .captureFailed = $0 { true } else { false } }.isEmpty, "not said again as a toast")
        #expect(harness.notices.last == .saveFailed(problem))
        // Save As… somewhere that works.
        let elsewhere = FileManager.default.temporaryDirectory.path + "/squarecam-saveas-\(UUID().uuidString.prefix(8)).jpg"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        await harness.send(.saveAs(path: elsewhere))
        #expect(harness.state == .live && harness.controller.saveProblem == nil)
        #expect(FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test func saveWithoutReviewSavesAtOnce() async throws {
        let harness = try ControllerHarness { $0.saveWithoutReview = true }
        await harness.launch()
        harness.controller.shutterPressed()
        await harness.settle()
        #expect(harness.state == .live && harness.savedFiles.count == 1)
    }

    @Test func countdownCountsThenShoots() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.cycleCountdown()
        #expect(harness.controller.preferences.countdownSeconds == 3)
        harness.controller.shutterPressed()
        await harness.settle()
        #expect(harness.controller.countdown == 3 && harness.state == .live)
        await harness.ticker.advance()
        #expect(harness.controller.countdown == 2)
        await harness.ticker.advance()
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.controller.countdown == nil)
        guard case .reviewing = harness.state else {
            Issue.record("no photo after the countdown: \(harness.state)")
            return
        }
    }

    @Test func pressingAgainCancelsTheCountdown() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.cycleCountdown()
        harness.controller.shutterPressed()
        await harness.settle()
        harness.controller.shutterPressed()
        #expect(harness.controller.countdown == nil)
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .live && harness.notices.isEmpty)
    }

    @Test func aCameraFailureDuringReviewWaitsForThePhoto() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        harness.provider.opened[0].fail(.disconnected(camera: "Camera cam0"))
        await harness.settle()
        guard case .reviewing = harness.state else {
            Issue.record("the photo was taken away: \(harness.state)")
            return
        }
        await harness.send(.save)
        #expect(harness.state == .disconnected(camera: "Camera cam0") && harness.savedFiles.count == 1)
    }

    @Test func aCameraBackDuringReviewRestartsAfterRetake() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        harness.provider.opened[0].fail(.disconnected(camera: "Camera cam0"))
        await harness.settle()
        harness.provider.plug([FakeProvider.camera("cam0")])
        await harness.settle()
        await harness.send(.retake)
        #expect(harness.state == .live && harness.provider.opened.count == 2 && harness.savedFiles.isEmpty)
    }

    @Test func closingWaitsForAPhotoBeingWritten() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.shutterPressed()
        await harness.settle()
        harness.controller.send(.save)
        #expect(!harness.controller.shutDown(), "a photo being written is not abandoned")
        await harness.settle()
        #expect(harness.savedFiles.count == 1)
        #expect(harness.controller.shutDown())
    }

    @Test func theLastPhotoIsTheFoldersNewestThenEachSavedOne() async throws {
        let harness = try ControllerHarness()
        try FileManager.default.createDirectory(atPath: harness.folder, withIntermediateDirectories: true)
        for (name, age) in [("old.jpg", 300.0), ("newer.JPG", 100), ("note.txt", 0), (".squarecam-x.partial", 0)] {
            let path = harness.folder + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8]))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
        }
        await harness.launch()
        #expect(harness.controller.lastPhoto == harness.folder + "/newer.JPG")
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.save)
        let saved = try #require(harness.savedFiles.first { $0.hasPrefix("SquareCam") })
        #expect(harness.controller.lastPhoto == harness.folder + "/" + saved)
    }

    @Test func noPhotosNoThumbnail() async throws {
        let harness = try await ControllerHarness.live()
        #expect(harness.controller.lastPhoto == nil)
    }

    @Test func thePreferencesChooseTheSizeQualityAndFolder() async throws {
        let elsewhere = FileManager.default.temporaryDirectory.path + "/squarecam-prefs-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let harness = try ControllerHarness {
            $0.photoSide = 32
            $0.jpegQuality = 60
            $0.saveFolder = elsewhere
        }
        await harness.launch()
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.save)
        let names = try FileManager.default.contentsOfDirectory(atPath: elsewhere).filter { $0.hasSuffix(".jpg") }
        #expect(names.count == 1 && harness.savedFiles.isEmpty, "saved into the chosen folder only")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: elsewhere + "/" + names[0])))
        #expect(try JPEGDecoder.header(of: bytes).size == PixelSize(width: 32, height: 32))
    }

    @Test func aPhotoSizeLargerThanTheSquareKeepsItsPixels() async throws {
        let harness = try ControllerHarness { $0.photoSide = 1080 }
        await harness.launch()
        harness.controller.shutterPressed()
        await harness.settle()
        await harness.send(.save)
        #expect(try harness.savedSize(try #require(harness.savedFiles.first)) == PixelSize(width: 48, height: 48))
    }

    /// 2048 asked of a camera whose largest square is 48: the preferences can say so (photos are never enlarged).
    @Test func aPhotoSizeTheCameraCannotGiveIsNamedWithItsLimit() async throws {
        let harness = try await ControllerHarness.live()
        #expect(harness.controller.photoSideLimit(for: 2048) == 48)
        #expect(harness.controller.photoSideLimit(for: 48) == nil && harness.controller.photoSideLimit(for: 32) == nil)
        #expect(harness.controller.photoSideLimit(for: nil) == nil, "full resolution is always what the camera gives")
        let unknown = try ControllerHarness()
        #expect(unknown.controller.photoSideLimit(for: 2048) == nil, "no camera yet: nothing to say")
    }

    @Test func thePhotosFolderIsThePreferencesOrTheLibrarys() throws {
        let harness = try ControllerHarness()
        #expect(harness.controller.photosFolder == harness.folder)
        harness.controller.preferences.saveFolder = "/srv/photos"
        #expect(harness.controller.photosFolder == "/srv/photos")
    }

    @Test func preferencesAreRememberedAndBadValuesRefused() throws {
        let base = FileManager.default.temporaryDirectory.path + "/squarecam-prefs-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let file = base + "/config/squarecam/settings"
        let first = Preferences(file: file)
        first.photoSide = 2048
        first.jpegQuality = 75
        first.saveFolder = "/tmp/x"
        let second = Preferences(file: file)
        #expect(second.photoSide == 2048 && second.jpegQuality == 75 && second.saveFolder == "/tmp/x")
        try "photo-size=777\nquality=5000\nfolder=relative\n".write(toFile: base + "/config/squarecam/settings", atomically: true, encoding: .utf8)
        let third = Preferences(file: file)
        #expect(third.photoSide == nil && third.jpegQuality == 100 && third.saveFolder == nil)
    }
}
