import SquareCamController
import SquareCamCore
import Testing

/// Cameras missing, busy, unplugged, switched, and coming back by themselves.
@MainActor @Suite struct CameraLifeTests {
    @Test func noCameraThenOneIsPluggedInGoesLiveByItself() async throws {
        let provider = FakeProvider(cameras: [])
        let harness = try ControllerHarness(provider: provider)
        await harness.launch()
        #expect(harness.state == .noCamera)
        provider.plug([FakeProvider.camera("usb1")])
        await harness.settle()
        #expect(harness.state == .live && harness.controller.camera?.cameraDescription.id == "usb1")
    }

    @Test func useTestPatternSwitchesProvider() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(cameras: []))
        await harness.launch()
        await harness.send(.useTestPattern)
        #expect(harness.state == .live && harness.controller.providerKind == "test")
        #expect(harness.testPattern.opened.count == 1 && !harness.provider.isWatched)
    }

    @Test func unpluggedWhileLiveThenBackGoesLiveAgain() async throws {
        let harness = try await ControllerHarness.live()
        let first = try #require(harness.provider.opened.first)
        first.fail(.disconnected(camera: "Camera cam0"))
        await harness.settle()
        #expect(harness.state == .disconnected(camera: "Camera cam0") && first.stops == 1)
        harness.provider.plug([])
        await harness.settle()
        #expect(harness.state == .disconnected(camera: "Camera cam0"))
        harness.provider.plug([FakeProvider.camera("cam0")])
        await harness.settle()
        #expect(harness.state == .live && harness.provider.opened.count == 2 && harness.provider.opened[1].isLive)
    }

    @Test func aCameraThatLeavesTheListWhileLiveIsDisconnected() async throws {
        // A PipeWire node removed: the stream may just stop, with no error.
        let harness = try await ControllerHarness.live()
        harness.provider.plug([])
        await harness.settle()
        #expect(harness.state == .disconnected(camera: "Camera cam0"))
        #expect(harness.provider.opened[0].stops == 1, "the stopped camera is released")
    }

    @Test func aCameraReplacedByAnotherInOneListGoesLiveWithTheOther() async throws {
        // One listing can show the streamed node gone and a new one there:
        // disconnected from the first, then live with the other by itself.
        let harness = try await ControllerHarness.live()
        harness.provider.plug([FakeProvider.camera("cam1")])
        await harness.settle()
        #expect(harness.state == .live && harness.controller.camera?.cameraDescription.id == "cam1")
        #expect(harness.provider.opened.count == 2 && harness.provider.opened[0].stops == 1)
    }

    @Test func anEmptyListWhileStartingIsNotADisconnection() async throws {
        // A PipeWire connection lists its nodes a moment after it opens.
        let provider = FakeProvider()
        provider.setStart(.waitForTest, for: "cam0")
        let harness = try ControllerHarness(provider: provider)
        harness.controller.start()
        for _ in 0..<50 { await Task.yield() }
        #expect(harness.state == .starting)
        provider.plug([])
        for _ in 0..<20 { await Task.yield() }
        #expect(harness.state == .starting)
        provider.plug([FakeProvider.camera("cam0")])
        provider.opened[0].finishStarting()
        await harness.settle()
        #expect(harness.state == .live && provider.opened.count == 1)
    }

    @Test func unwatchedProvidersArePolledWhileDisconnected() async throws {
        let provider = FakeProvider(watches: false)
        let harness = try await ControllerHarness.live(provider)
        provider.opened[0].fail(.disconnected(camera: "Camera cam0"))
        provider.plug([])
        await harness.settle()
        #expect(harness.state == .disconnected(camera: "Camera cam0"))
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .disconnected(camera: "Camera cam0"))
        provider.plug([FakeProvider.camera("cam0")])
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .live)
    }

    /// A look that takes longer than the looks' interval (the portal's list
    /// helper may take 10 s) is not started again while it runs.
    @Test func aSlowLookIsNotStartedAgainWhileItRuns() async throws {
        let provider = FakeProvider(watches: false)
        let harness = try await ControllerHarness.live(provider)
        provider.opened[0].fail(.disconnected(camera: "Camera cam0"))
        provider.plug([])
        await harness.settle()
        provider.holdListings()
        for _ in 0..<3 { await harness.ticker.advance() }
        #expect(harness.state == .disconnected(camera: "Camera cam0"))
        #expect(provider.heldListingCount == 1, "one look runs; the two due meanwhile were skipped")
        provider.plug([FakeProvider.camera("cam0")])
        provider.releaseListings()
        await harness.settle()
        #expect(harness.state == .live)
    }

    @Test func busyIsRetriedEveryFewSeconds() async throws {
        let provider = FakeProvider()
        provider.setStart(.fail(.busy(camera: "Camera cam0")), for: "cam0")
        let harness = try ControllerHarness(provider: provider)
        await harness.launch()
        #expect(harness.state == .failed(.busy(camera: "Camera cam0")))
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .failed(.busy(camera: "Camera cam0")) && provider.opened.count == 2)
        provider.setStart(.succeed, for: "cam0")
        await harness.ticker.advance()
        await harness.settle()
        #expect(harness.state == .live && provider.opened.count == 3)
    }

    @Test func switchingCamerasStopsOneAndStartsTheOther() async throws {
        let provider = FakeProvider(cameras: [FakeProvider.camera("front", facing: .front), FakeProvider.camera("back", facing: .back)])
        let harness = try await ControllerHarness.live(provider)
        #expect(harness.controller.currentCameraID == "front")
        harness.controller.switchToNextCamera()
        await harness.settle()
        #expect(harness.state == .live && harness.controller.currentCameraID == "back")
        #expect(provider.opened[0].stops == 1 && provider.opened[1].isLive)
        harness.controller.switchToNextCamera()
        await harness.settle()
        #expect(harness.controller.currentCameraID == "front" && provider.opened.count == 3)
    }

    @Test func aSwitchDuringAStartAbandonsTheFirstStart() async throws {
        let provider = FakeProvider(cameras: [FakeProvider.camera("a"), FakeProvider.camera("b")])
        provider.setStart(.waitForTest, for: "a")
        let harness = try ControllerHarness(provider: provider)
        harness.controller.start()
        for _ in 0..<50 { await Task.yield() }
        #expect(harness.state == .starting && provider.opened.count == 1)
        harness.controller.chooseCamera(id: "b")
        await harness.settle()
        #expect(harness.state == .live && harness.controller.camera?.cameraDescription.id == "b")
        #expect(provider.opened[0].stops == 1 && !provider.opened[0].isLive)
    }

    @Test func aNamedCameraNobodyListsSaysSoInTheCommandLinesWords() async throws {
        let harness = try ControllerHarness(preferredCameraID: "/dev/video9")
        await harness.launch()
        #expect(harness.state == .failed(.unknownCamera(id: "/dev/video9")))
        // The command line's words (CameraSpecError.unknownDevice begins the same way).
        #expect(CameraFailure.unknownCamera(id: "/dev/video9").description == "No camera has the id '/dev/video9'.")
        #expect(harness.provider.opened.isEmpty)
    }

    @Test func aNamedCameraThatAppearsLaterGoesLive() async throws {
        let provider = FakeProvider(cameras: [FakeProvider.camera("cam0")])
        let harness = try ControllerHarness(provider: provider, preferredCameraID: "usb9")
        await harness.launch()
        #expect(harness.state == .failed(.unknownCamera(id: "usb9")))
        provider.plug([FakeProvider.camera("cam0"), FakeProvider.camera("usb9")])
        await harness.settle()
        #expect(harness.state == .live && harness.controller.camera?.cameraDescription.id == "usb9")
    }

    @Test func shuttingDownStopsTheCameraAndTheWatch() async throws {
        let harness = try await ControllerHarness.live()
        #expect(harness.controller.shutDown())
        await harness.settle()
        #expect(harness.state == .idle && harness.provider.opened[0].stops == 1 && !harness.provider.isWatched)
    }

    @Test func aSandboxWithoutACameraPortalSaysSoAndOffersTheTestPattern() async throws {
        // What UnreachableCameraProvider does inside a Flatpak with no portal.
        let provider = FakeProvider()
        provider.setListingFailure(.portalUnavailable)
        let harness = try ControllerHarness(provider: provider)
        await harness.launch()
        #expect(harness.state == .failed(.portalUnavailable) && provider.opened.isEmpty)
        await harness.send(.useTestPattern)
        #expect(harness.state == .live && harness.controller.providerKind == "test")
    }
}
