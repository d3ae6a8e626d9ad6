import SquareCamController
import SquareCamCore
import Testing

/// Permission, as the portal or AVFoundation answers it: nothing reaches a
/// camera before "yes", and the platform is asked only after the app's page.
@MainActor @Suite struct PermissionTests {
    @Test func allowedOpensTheFirstCameraAndGoesLive() async throws {
        let harness = try await ControllerHarness.live()
        #expect(harness.provider.requests == 0, "an allowed camera needs no question")
        #expect(harness.controller.camera?.cameraDescription.id == "cam0")
        #expect(harness.controller.cameras.map(\.id) == ["cam0"])
        #expect(harness.provider.isWatched, "the list is watched once the camera may be used")
    }

    @Test func notAskedShowsTheAppsOwnPageBeforeThePlatformAsks() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .notDetermined, answer: .authorized))
        await harness.launch()
        #expect(harness.state == .explainingPermission)
        #expect(harness.provider.requests == 0 && harness.provider.listings == 0 && !harness.provider.isWatched)
        await harness.send(.continueToPermission)
        #expect(harness.provider.requests == 1)
        #expect(harness.state == .live)
        #expect(harness.provider.opened.count == 1 && harness.provider.opened[0].isLive)
    }

    @Test func notAskedThenDeniedReachesNoCamera() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .notDetermined, answer: .denied))
        await harness.launch()
        await harness.send(.continueToPermission)
        #expect(harness.state == .permissionDenied)
        #expect(harness.provider.listings == 0 && harness.provider.opened.isEmpty && !harness.provider.isWatched)
    }

    /// Not Now asks nobody and stores nothing (the platform still says "not asked");
    /// Continue on its page asks the platform then, as the explanation's Continue does.
    @Test func notNowAsksNobodyAndContinueAsksLater() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .notDetermined, answer: .authorized))
        await harness.launch()
        await harness.send(.declinePermission)
        #expect(harness.state == .permissionPostponed && harness.provider.requests == 0)
        #expect(harness.provider.listings == 0 && harness.provider.opened.isEmpty && !harness.provider.isWatched)
        #expect(await harness.provider.authorizationStatus() == .notDetermined, "Not Now stored an answer")
        await harness.send(.continueToPermission)
        #expect(harness.provider.requests == 1)
        #expect(harness.state == .live)
    }

    @Test func storedNoShowsDeniedAndTouchesNoCamera() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .denied))
        await harness.launch()
        #expect(harness.state == .permissionDenied)
        #expect(harness.provider.requests == 0 && harness.provider.listings == 0 && harness.provider.opened.isEmpty)
        await harness.send(.openSettings)
        #expect(harness.settingsOpened == 1 && harness.notices.isEmpty)
    }

    @Test func settingsThatDoNotExistAreExplainedInstead() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .denied))
        harness.desktopHasSettings = false
        await harness.launch()
        await harness.send(.openSettings)
        #expect(harness.notices == [.noPrivacySettings])
    }

    @Test func restrictedByPolicy() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .restricted))
        await harness.launch()
        #expect(harness.state == .permissionRestricted && harness.provider.opened.isEmpty)
    }

    @Test func aPolicyAnsweringTheQuestionIsRestricted() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .notDetermined, answer: .restricted))
        await harness.launch()
        await harness.send(.continueToPermission)
        #expect(harness.state == .permissionRestricted && harness.provider.opened.isEmpty)
    }

    @Test func allowedLaterInSettingsThenTryAgainGoesLive() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .denied))
        await harness.launch()
        await harness.send(.tryAgain)
        #expect(harness.state == .permissionDenied, "Try Again asks the platform again; it still says no")
        harness.provider.setAuthorization(.authorized)
        await harness.send(.tryAgain)
        #expect(harness.state == .live)
    }

    @Test func aPermissionFailureWhileStartingShowsThePermissionPage() async throws {
        let provider = FakeProvider()
        provider.setStart(.fail(.permissionDenied(camera: "Camera cam0")), for: "cam0")
        let harness = try ControllerHarness(provider: provider)
        await harness.launch()
        #expect(harness.state == .permissionDenied)
    }

    @Test func nobodyIsAskedForACameraThePlatformDoesNotSee() async throws {
        let harness = try ControllerHarness(provider: FakeProvider(authorization: .notDetermined, cameras: []))
        await harness.launch()
        #expect(harness.state == .noCamera && harness.provider.requests == 0)
        // Try Again asks: the platform's view may be out of date.
        await harness.send(.tryAgain)
        #expect(harness.state == .explainingPermission)
    }
}
