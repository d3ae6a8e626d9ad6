import Foundation
import Observation
import SquareCamAppleLogic
import SquareCamController
import SquareCamCore
import UIKit

/// The shared controller's drawn state, copied into properties SwiftUI
/// observes: the controller tells of changes through `onChange`, not
/// through Observation, and stays free of any Apple framework.
@Observable @MainActor
final class CaptureModel {
    private(set) var state: CaptureFlow.State = .idle
    private(set) var countdown: Int?
    private(set) var saveProblem: PhoneMessage?
    private(set) var showGrid = false
    private(set) var timerSeconds = 0
    private(set) var canSwitchCamera = false
    /// The camera live now, for the preview layer.
    private(set) var camera: AVFoundationCamera?
    /// One line for the user after a shot or a save ("Saved to Photos").
    private(set) var message: PhoneMessage?

    @ObservationIgnored let controller: CaptureController
    @ObservationIgnored private var started = false
    @ObservationIgnored private var pictures: [Int: UIImage] = [:]

    init() {
        let provider = AVFoundationCameraProvider()
        // iOS has no test pattern: "Use Test Pattern" is never offered, and
        // the provider stands in for it (see the report on CaptureController.Sources).
        let sources = CaptureController.Sources(cameras: provider, testPattern: provider)
        controller = CaptureController(sources: sources, preferences: Preferences(file: Self.preferencesFile),
                                       photos: .photoLibrary, openPrivacySettings: { SystemSettings.openAppSettings() })
        controller.onChange = { [weak self] in self?.refresh() }
        controller.onNotice = { [weak self] notice in self?.tell(notice) }
    }

    /// Begins once, when the screen first shows.
    func start() {
        guard !started else { return }
        started = true
        controller.start()
    }

    func toggleGrid() {
        controller.preferences.showGrid.toggle()
        refresh()
    }

    /// Save asks for add-only access to the photo library first (iOS asks
    /// the user only once); a refusal is then said by the store, in words.
    func save() {
        Task {
            _ = await PhotoLibraryAccess.requestAddOnly()
            controller.send(.save)
        }
    }

    /// The whole frame of a photo (for the crop editor) or its square (for review).
    func picture(of photo: CapturedPhoto, squareOnly: Bool) -> UIImage? {
        let key = squareOnly ? photo.id * 2 + 1 : photo.id * 2
        if let cached = pictures[key] { return cached }
        guard let frame = controller.shot(for: photo)?.frame else { return nil }
        let picture = PhotoImages.uiImage(of: frame, cropTo: squareOnly ? photo.crop : nil)
        pictures[key] = picture
        return picture
    }

    private func refresh() {
        state = controller.state
        countdown = controller.countdown
        saveProblem = controller.saveProblem.map(PhoneMessage.init)
        showGrid = controller.preferences.showGrid
        timerSeconds = controller.preferences.countdownSeconds
        canSwitchCamera = controller.cameras.count > 1
        camera = controller.camera as? AVFoundationCamera
        if state.photo == nil { pictures = [:] }
    }

    private func tell(_ notice: CaptureNotice) {
        switch notice {
        case .saved: message = .savedToPhotos
        case .captureFailed(let problem): message = .photoNotTaken(PhoneMessage(problem))
        case .noPrivacySettings: message = .noSettingsPage
        case .shutter, .saveFailed: message = nil
        default: break
        }
    }

    /// The controller's preferences file, in the app's own Application Support folder.
    private static var preferencesFile: String {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return support.appendingPathComponent("settings").path
    }
}
