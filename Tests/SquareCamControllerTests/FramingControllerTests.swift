import SquareCamController
import SquareCamCore
import Synchronization
import Testing

/// Zoom, pan and face following through the controller: every camera shows
/// its framing, the shutter keeps the square shown, faces are looked for only
/// while following on the live page, and a recording holds the square still.
@MainActor struct FramingControllerTests {
    /// The fake camera's frame (FakeCamera.capturePhoto).
    static let frame = PixelSize(width: 64, height: 48)

    @Test func theShutterKeepsTheZoomedSquareTheViewfinderShowed() async throws {
        let harness = try await ControllerHarness.live()
        let camera = try #require(harness.provider.opened.last)
        let framing = try #require(camera.framing)
        #expect(framing === harness.controller.framing, "the camera shows the controller's framing")
        harness.controller.zoom(bySteps: 1)
        harness.controller.zoom(bySteps: 1)
        #expect(abs(harness.controller.zoom - 1.5625) < 1e-9)
        // The viewfinder shows a frame, then a drag moves the square left.
        _ = framing.squareForFrame(of: Self.frame)
        harness.controller.pan(bySquareSides: Point2D(x: -1, y: 0))
        let shown = framing.squareForFrame(of: Self.frame)
        #expect(shown == PixelRect(x: 0, y: 8, width: 31, height: 31), "\(shown)")
        harness.controller.shutterPressed()
        await harness.settle()
        guard case .reviewing(let photo) = harness.state else {
            Issue.record("not reviewing: \(harness.state)")
            return
        }
        #expect(photo.crop == shown, "the photo is the square shown: \(photo.crop)")
        // Off the live page the framing does not change.
        harness.controller.zoom(bySteps: 1)
        #expect(abs(harness.controller.zoom - 1.5625) < 1e-9)
        await harness.send(.retake)
        harness.controller.resetFraming()
        #expect(harness.controller.zoom == 1 && framing.squareForFrame(of: Self.frame) == Self.frame.centeredSquare)
    }

    @Test func facesAreLookedForOnlyWhileFollowingOnTheLivePage() async throws {
        let looks = Atomic(0)
        // The analysis frame is 8x6 of a 64x48 camera frame: a face at its right edge.
        let harness = try ControllerHarness(faceFinder: .init { _, _ in
            looks.add(1, ordering: .relaxed)
            return [Rect2D(x: 6, y: 2, width: 1.5, height: 1.5)]
        })
        await harness.launch()
        let camera = try #require(harness.provider.opened.last)
        #expect(camera.analysisRate("faces") == 0, "the face analysis is attached while not following")
        #expect(harness.controller.canFollowFaces && !harness.controller.followsFaces)
        camera.analyseFrame("faces")
        #expect(looks.load(ordering: .relaxed) == 0, "looked while not following")

        harness.controller.setFollowingFaces(true)
        #expect(harness.controller.followsFaces && harness.controller.preferences.followFaces)
        #expect(camera.analysisRate("faces") == 5)
        camera.analyseFrame("faces")
        #expect(looks.load(ordering: .relaxed) == 1)
        let framing = harness.controller.framing
        #expect(framing.framing.target != nil, "the face (in camera pixels: 48,16 12x12) gave the square a place to go")
        var settled = framing.framing
        settled.settle()
        #expect(settled.square(in: Self.frame).x == 16, "the square goes to the right edge: \(settled.square(in: Self.frame))")

        harness.controller.shutterPressed()
        await harness.settle()
        camera.analyseFrame("faces")
        #expect(looks.load(ordering: .relaxed) == 1, "looked during review")
        await harness.send(.retake)
        camera.analyseFrame("faces")
        #expect(looks.load(ordering: .relaxed) == 2)
        harness.controller.setFollowingFaces(false)
        camera.analyseFrame("faces")
        #expect(looks.load(ordering: .relaxed) == 2)
        #expect(camera.analysisRate("faces") == 0, "still attached after following was turned off")
    }

    @Test func followingIsRememberedAndNeedsAFaceFinder() async throws {
        let remembered = try ControllerHarness(faceFinder: .init { _, _ in [] }) { $0.followFaces = true }
        #expect(remembered.controller.followsFaces)
        let without = try ControllerHarness { $0.followFaces = true }
        #expect(!without.controller.followsFaces && !without.controller.canFollowFaces)
        await without.launch()
        without.controller.setFollowingFaces(true)
        #expect(!without.controller.followsFaces)
        #expect(try #require(without.provider.opened.last).analysisRate("faces") == 0)
    }

    /// A photo side chosen in the preferences that the zoomed square cannot
    /// give is said: the photo is never enlarged.
    @Test func aZoomedSquareSmallerThanTheChosenSideIsSaid() async throws {
        let harness = try ControllerHarness { $0.photoSide = 1080 }
        await harness.launch()
        #expect(harness.controller.zoomedPhotoSideBelowChosen == nil, "nothing shown yet")
        _ = harness.controller.framing.squareForFrame(of: PixelSize(width: 1920, height: 1080))
        #expect(harness.controller.zoomedPhotoSideBelowChosen == nil)
        harness.controller.setZoom(2)
        #expect(harness.controller.zoomedPhotoSideBelowChosen == 540)
    }
}
