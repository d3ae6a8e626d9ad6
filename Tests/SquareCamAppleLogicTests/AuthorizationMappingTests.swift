import SquareCamAppleLogic
import SquareCamCore
import Testing

struct AuthorizationMappingTests {
    @Test(arguments: [(0, CameraAuthorization.notDetermined), (1, .restricted), (2, .denied), (3, .authorized)])
    func appleRawValuesMapOneToOne(raw: Int, expected: CameraAuthorization) {
        #expect(CaptureAuthorizationStatus(appleRawValue: raw).cameraAuthorization == expected)
    }

    @Test func anUnknownStatusKeepsTheCameraClosedAndOffersSettings() {
        let status = CaptureAuthorizationStatus(appleRawValue: 99).cameraAuthorization
        #expect(status == .denied)
        #expect(status.nextStep == .explainAndOfferSettings)
    }

    @Test func aRefusalByPolicyStaysRestrictedAfterAsking() {
        #expect(CameraAuthorization.afterRequest(granted: true, statusNow: .authorized) == .authorized)
        #expect(CameraAuthorization.afterRequest(granted: false, statusNow: .denied) == .denied)
        #expect(CameraAuthorization.afterRequest(granted: false, statusNow: .restricted) == .restricted)
        // Not granted yet the status did not move: a refusal all the same.
        #expect(CameraAuthorization.afterRequest(granted: false, statusNow: .notDetermined) == .denied)
    }

    @Test(arguments: [(0, false), (1, false), (2, false), (3, true), (4, true), (7, false)])
    func onlyFullOrLimitedLibraryAccessAddsPhotos(raw: Int, mayAdd: Bool) {
        let status = PhotoLibraryStatus(appleRawValue: raw)
        #expect(status.mayAddPhotos == mayAdd)
        #expect((status.refusal == nil) == mayAdd)
    }

    @Test func everyRefusalSaysWhatToDoAndThatThePhotoIsKept() {
        let problems: [PhotoLibraryProblem] = [.notAsked, .denied, .restricted, .failed(detail: "disk full"), .notEncoded]
        for problem in problems {
            #expect(problem.description.contains("the photo stays here"), "\(problem)")
        }
        #expect(PhotoLibraryProblem.denied.description.contains("Settings › SquareCam › Photos"))
        #expect(PhotoLibraryProblem.failed(detail: "disk full").description.contains("disk full"))
    }
}
