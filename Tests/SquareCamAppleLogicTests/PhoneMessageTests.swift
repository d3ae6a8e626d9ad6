import SquareCamAppleLogic
import SquareCamCore
import Testing

struct PhoneMessageTests {
    /// A stand-in translation: a key it knows in upper case, any other as itself.
    private func shouting(_ known: Set<String>) -> (String) -> String {
        { known.contains($0) ? $0.uppercased() : $0 }
    }

    @Test func placeholdersTakeTheArgumentsInOrderOrByNumber() {
        #expect(PhoneMessage.format("%@ and %@", ["a", "b"]) == "a and b")
        #expect(PhoneMessage.format("%2$@ before %1$@", ["a", "b"]) == "b before a")
        #expect(PhoneMessage.format("100%% of %@", ["it"]) == "100% of it")
        // A translation that lost an argument, or has one too many, never crashes.
        #expect(PhoneMessage.format("%@ %@", ["a"]) == "a ")
        #expect(PhoneMessage.format("no slot", ["a"]) == "no slot")
    }

    @Test func placeholdersAreCountedAndOtherSpecifiersRefused() {
        #expect(PhoneMessage.placeholders(in: "“%@” stopped: %@.") == [1, 2])
        #expect(PhoneMessage.placeholders(in: "%2$@ は %1$@") == [2, 1])
        #expect(PhoneMessage.placeholders(in: "100%%") == [])
        #expect(PhoneMessage.placeholders(in: "%d s") == nil)
        #expect(PhoneMessage.placeholders(in: "50%") == nil)
    }

    @Test func keysAreTranslatedAndVerbatimWordsAreNot() {
        let message = PhoneMessage.photoNotTaken(PhoneMessage(CameraFailure.busy(camera: "Back Camera")))
        #expect(message.keys == ["The photo could not be taken: %@", "Another app is using “%@”. Close that app, then try again."])
        let translated = message.text(translatedBy: shouting(Set(message.keys)))
        #expect(translated == "THE PHOTO COULD NOT BE TAKEN: ANOTHER APP IS USING “Back Camera”. CLOSE THAT APP, THEN TRY AGAIN.")
        #expect(message.english == "The photo could not be taken: Another app is using “Back Camera”. Close that app, then try again.")
    }

    @Test func cameraFailuresUseAPhonesWordsNotADesktops() {
        let failures: [CameraFailure] = [
            .noCamera, .permissionDenied(camera: "Back Camera"), .permissionRestricted(camera: "Back Camera"),
            .busy(camera: "Back Camera"), .disconnected(camera: "USB"), .failed(camera: "Back Camera", detail: "boom"),
            .unknownCamera(id: "x"), .portalUnavailable,
        ]
        for failure in failures {
            let words = PhoneMessage(failure).english
            for desktop in ["Privacy", "'video'", "portal", "program", "computer", "test pattern", "--camera"] {
                #expect(!words.contains(desktop), "\(failure): \(words)")
            }
        }
        #expect(PhoneMessage(CameraFailure.permissionDenied(camera: "camera")).english == "Allow SquareCam to use the camera in Settings.")
    }

    @Test func theShellsOwnDetailsAreTranslatedAndTheSystemsAreNot() {
        let own = PhoneMessage(CameraFailure.failed(camera: "Back Camera", detail: CameraFailureDetail.notRunning.rawValue))
        #expect(own == .localized("“%@” stopped working: %@. Try again.", [.verbatim("Back Camera"), .localized("it is not running")]))
        // The system's detail keeps its words, less the full stop the sentence brings.
        let system = PhoneMessage(CameraFailure.failed(camera: "Back Camera", detail: "The operation couldn’t be completed. "))
        #expect(system.english == "“Back Camera” stopped working: The operation couldn’t be completed. Try again.")
        #expect(PhoneMessage(CameraFailure.failed(camera: "C", detail: "止まりました。")).english == "“C” stopped working: 止まりました. Try again.")
    }

    @Test func writeErrorsNameNoPathAndKeepThePhoto() {
        let errors: [PhotoWriteError] = [
            .folderMissing(path: "/var/mobile/x"), .notAFolder(path: "/var/mobile/x"), .readOnly(path: "/var/mobile/x"),
            .permissionDenied(path: "/var/mobile/x"), .diskFull(path: "/var/mobile/x"), .alreadyExists(path: "/var/mobile/x"),
            .io(path: "/var/mobile/x", reason: "Input/output error"),
        ]
        for error in errors {
            let words = PhoneMessage(error).english
            #expect(!words.contains("/var/mobile"), "\(error)")
            #expect(words.contains("the photo stays here"), "\(error)")
        }
        #expect(PhoneMessage(PhotoWriteError.io(path: "p", reason: "Input/output error")).english.contains(": Input/output error. Try Save again"))
        #expect(PhoneMessage(PhotoWriteError.diskFull(path: "p")).english.hasPrefix("This device is full."))
    }

    @Test func aLibraryProblemKeptAsTextIsFoundAgain() {
        let problems: [PhotoLibraryProblem] = [.notAsked, .denied, .restricted, .noFilesOnThisDevice, .notEncoded,
                                               .failed(detail: "The disk is full"), .failed(detail: "")]
        for problem in problems {
            #expect(PhotoLibraryProblem(description: problem.description) == problem)
            #expect(PhoneMessage(problemText: problem.description) == problem.message)
        }
        // A system detail ending in a full stop: the same words either way.
        let dotted = PhotoLibraryProblem.failed(detail: "Access denied.")
        #expect(PhoneMessage(problemText: dotted.description) == dotted.message)
        #expect(PhoneMessage(problemText: "Something else went wrong.") == .verbatim("Something else went wrong."))
        #expect(PhotoLibraryProblem(description: "The photo could not be added") == nil)
    }

    @Test func theCountdownShowsItsSeconds() {
        #expect(PhoneMessage.seconds(10) == .localized("%@ s", [.verbatim("10")]))
        #expect(PhoneMessage.seconds(3).text { $0 == "%@ s" ? "%@ 秒" : $0 } == "3 秒")
    }
}
