import SquareCamAppleLogic
import SquareCamCore
import Testing

struct StatusPageContentTests {
    @Test func refusedOrRestrictedOffersSettingsAndTryAgain() throws {
        for state in [CaptureFlow.State.permissionDenied, .permissionRestricted] {
            let page = try #require(StatusPageContent(state: state))
            #expect(page.actions == [.openSettings, .tryAgain])
            #expect(page.detail.english.contains("Try Again"))
        }
        #expect(try #require(StatusPageContent(state: .permissionDenied)).detail.english.contains("Settings › SquareCam › Camera"))
    }

    @Test func theExplanationOffersNotNowOnlyBeforeItWasChosen() throws {
        #expect(try #require(StatusPageContent(state: .explainingPermission)).actions == [.continueToPermission, .notNow])
        #expect(try #require(StatusPageContent(state: .permissionPostponed)).actions == [.continueToPermission])
    }

    @Test func noCameraAndFailuresOfferTryAgainAndNoTestPattern() throws {
        for state in [CaptureFlow.State.noCamera, .failed(.busy(camera: "Back Camera")), .disconnected(camera: "USB")] {
            let page = try #require(StatusPageContent(state: state))
            #expect(page.actions == [.tryAgain])
            #expect(!page.detail.english.contains("test pattern"))
        }
    }

    @Test func theCameraAndPhotoPagesAreNotStatusPages() {
        let photo = CapturedPhoto(id: 1, frameSize: PixelSize(width: 4, height: 3))
        for state in [CaptureFlow.State.idle, .starting, .live, .capturing, .reviewing(photo), .editing(photo), .saving(photo)] {
            #expect(StatusPageContent(state: state) == nil)
        }
    }

    @Test func aFailedCameraSaysItsOwnFailureInAPhonesWords() throws {
        let busy = try #require(StatusPageContent(state: .failed(.busy(camera: "Back Camera"))))
        #expect(busy.title == .localized("The camera is busy"))
        #expect(busy.detail == PhoneMessage(CameraFailure.busy(camera: "Back Camera")))
        #expect(busy.detail.english == "Another app is using “Back Camera”. Close that app, then try again.")
        let failed = try #require(StatusPageContent(state: .failed(.failed(camera: "Front Camera", detail: "it is not running"))))
        #expect(failed.title == .localized("The camera does not work"))
        #expect(failed.detail.english == "“Front Camera” stopped working: it is not running. Try again.")
    }

    @Test func anUnpluggedCameraIsNamed() throws {
        let page = try #require(StatusPageContent(state: .disconnected(camera: "USB Camera")))
        #expect(page.detail == .localized("“%@” was unplugged. Plug it in again; the viewfinder comes back by itself.", [.verbatim("USB Camera")]))
        #expect(page.detail.english.hasPrefix("“USB Camera” was unplugged."))
    }
}
