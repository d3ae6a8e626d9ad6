import SquareCamAppleLogic
import SquareCamCore
import Testing

struct StatusPageContentTests {
    @Test func refusedOrRestrictedOffersSettingsAndTryAgain() throws {
        for state in [CaptureFlow.State.permissionDenied, .permissionRestricted] {
            let page = try #require(StatusPageContent(state: state))
            #expect(page.actions == [.openSettings, .tryAgain])
            #expect(page.detail.contains("Try Again"))
        }
        #expect(try #require(StatusPageContent(state: .permissionDenied)).detail.contains("Settings › SquareCam › Camera"))
    }

    @Test func theExplanationOffersNotNowOnlyBeforeItWasChosen() throws {
        #expect(try #require(StatusPageContent(state: .explainingPermission)).actions == [.continueToPermission, .notNow])
        #expect(try #require(StatusPageContent(state: .permissionPostponed)).actions == [.continueToPermission])
    }

    @Test func noCameraAndFailuresOfferTryAgainAndNoTestPattern() throws {
        for state in [CaptureFlow.State.noCamera, .failed(.busy(camera: "Back Camera")), .disconnected(camera: "USB")] {
            let page = try #require(StatusPageContent(state: state))
            #expect(page.actions == [.tryAgain])
            #expect(!page.detail.contains("test pattern"))
        }
    }

    @Test func theCameraAndPhotoPagesAreNotStatusPages() {
        let photo = CapturedPhoto(id: 1, frameSize: PixelSize(width: 4, height: 3))
        for state in [CaptureFlow.State.idle, .starting, .live, .capturing, .reviewing(photo), .editing(photo), .saving(photo)] {
            #expect(StatusPageContent(state: state) == nil)
        }
    }
}
