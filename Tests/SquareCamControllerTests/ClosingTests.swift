import Foundation
import SquareCamController
import SquareCamCore
import Testing

/// Closing the app never loses a photo: asked about one on screen (Save,
/// Discard, Cancel), waited for one being written, and the session's end
/// (SIGTERM) saves it without asking.
@MainActor @Suite struct ClosingTests {
    /// A photo under review, on the first camera.
    private func reviewing(_ configure: (Preferences) -> Void = { _ in }) async throws -> ControllerHarness {
        let harness = try ControllerHarness(configure: configure)
        await harness.launch()
        harness.controller.shutterPressed()
        await harness.settle()
        #expect(harness.state.photo != nil && harness.controller.hasUnsavedPhoto, "\(harness.state)")
        return harness
    }

    /// Makes the photos folder impossible: its parent is a file.
    private func breakTheFolder(of harness: ControllerHarness) throws {
        let parent = URL(fileURLWithPath: harness.folder).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: parent.path, contents: Data("not a folder".utf8))
    }

    @Test func nothingToLoseClosesAtOnceAndStopsTheCamera() async throws {
        let harness = try await ControllerHarness.live()
        #expect(!harness.controller.hasUnsavedPhoto)
        await harness.send(.close)
        #expect(harness.closes == 1 && harness.state == .idle)
        #expect(harness.controller.hasClosed)
        #expect(harness.provider.opened.allSatisfy { $0.stops == 1 }, "the camera is stopped")
        #expect(!harness.notices.contains(.unsavedPhoto))
    }

    @Test func closingWithAPhotoUnderReviewAsksAndKeepsIt() async throws {
        let harness = try await reviewing()
        await harness.send(.close)
        #expect(harness.notices.last == .unsavedPhoto)
        #expect(harness.closes == 0 && harness.state.isReviewingPhoto, "Cancel is doing nothing: the photo stays")
        #expect(!harness.controller.hasClosed)
        #expect(harness.savedFiles.isEmpty)
        // Asked again on the next close.
        await harness.send(.close)
        #expect(harness.notices.filter { $0 == .unsavedPhoto }.count == 2 && harness.closes == 0)
    }

    @Test func saveWritesThePhotoThenCloses() async throws {
        let harness = try await reviewing()
        await harness.send(.close)
        await harness.send(.saveAndClose)
        #expect(harness.savedFiles.count == 1)
        #expect(harness.closes == 1 && harness.state == .idle)
        guard case .saved(let path) = harness.noticesWhenClosed.last else {
            Issue.record("closed before the photo was said saved: \(harness.noticesWhenClosed)")
            return
        }
        #expect(path.hasSuffix(harness.savedFiles[0]))
        #expect(harness.provider.opened.allSatisfy { $0.stops == 1 })
    }

    @Test func discardClosesWithoutAFile() async throws {
        let harness = try await reviewing()
        let photo = try #require(harness.state.photo)
        await harness.send(.close)
        await harness.send(.discardAndClose)
        #expect(harness.savedFiles.isEmpty && harness.closes == 1 && harness.state == .idle)
        #expect(harness.controller.shot(for: photo) == nil, "the discarded photo's frame is let go")
    }

    /// Right after a failed save the photo is still unsaved: closing asks; Save
    /// that fails again keeps the window (no close) with the reason.
    @Test func afterAFailedSaveClosingStillAsksAndAFailedSaveKeepsTheApp() async throws {
        let harness = try await reviewing()
        try breakTheFolder(of: harness)
        await harness.send(.save)
        #expect(harness.controller.saveProblem != nil && harness.controller.hasUnsavedPhoto)
        await harness.send(.close)
        #expect(harness.notices.last == .unsavedPhoto && harness.closes == 0)
        await harness.send(.saveAndClose)
        #expect(harness.closes == 0, "a photo that could not be saved was dropped on the way out")
        #expect(harness.state.isReviewingPhoto && harness.controller.saveProblem != nil)
        guard case .saveFailed = harness.notices.last else {
            Issue.record("the failure was not said: \(harness.notices)")
            return
        }
    }

    @Test func closingInTheEditorAsksTooAndSaveKeepsItsSquare() async throws {
        let harness = try await reviewing()
        await harness.send(.edit)
        await harness.send(.close)
        #expect(harness.notices.last == .unsavedPhoto && harness.closes == 0)
        // The window forwards the square the editor frames first, as Save Square does.
        harness.controller.send(.editDone(crop: PixelRect(x: 0, y: 0, width: 32, height: 32)))
        await harness.send(.saveAndClose)
        #expect(harness.closes == 1 && harness.savedFiles.count == 1)
        #expect(try harness.savedSize(harness.savedFiles[0]) == PixelSize(width: 32, height: 32))
    }

    /// Closing while a photo is written (Save pressed, or saving without review): it closes once the file is there.
    @Test func closingWhileSavingWaitsForTheFile() async throws {
        let harness = try await reviewing()
        harness.controller.send(.save)
        harness.controller.send(.close)
        #expect(harness.closes == 0 && harness.savedFiles.isEmpty, "closed before the photo was written")
        await harness.settle()
        #expect(harness.closes == 1 && harness.savedFiles.count == 1 && harness.state == .idle)
        #expect(!harness.notices.contains(.unsavedPhoto), "a photo being saved is not asked about")
    }

    /// The session ends (SIGTERM, logout): no question, the photo saved, then closed.
    @Test func theSessionEndingSavesWithoutAsking() async throws {
        let harness = try await reviewing()
        await harness.send(.saveAndClose)
        #expect(harness.savedFiles.count == 1 && harness.closes == 1)
        #expect(!harness.notices.contains(.unsavedPhoto))
        // On the live page there is nothing to save: it closes at once.
        let live = try await ControllerHarness.live()
        await live.send(.saveAndClose)
        #expect(live.closes == 1 && live.savedFiles.isEmpty)
    }

    /// A countdown running at close is stopped with the rest: no photo is taken after the app closed.
    @Test func closingStopsTheCountdown() async throws {
        let harness = try await ControllerHarness.live()
        harness.controller.cycleCountdown()
        harness.controller.shutterPressed()
        await harness.settle()
        #expect(harness.controller.countdown == 3)
        await harness.send(.close)
        #expect(harness.controller.countdown == nil && harness.closes == 1)
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .idle && !harness.notices.contains(.shutter))
    }
}

extension CaptureFlow.State {
    fileprivate var isReviewingPhoto: Bool {
        if case .reviewing = self { true } else { false }
    }
}
