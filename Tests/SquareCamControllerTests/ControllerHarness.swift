import Foundation
import SquareCamController
import SquareCamCore
import SquareCamImaging
import Testing

/// A controller over fakes, a scratch photos folder and hand-stepped time,
/// with everything it told the front end recorded.
@MainActor
final class ControllerHarness {
    let provider: FakeProvider
    let testPattern = FakeProvider(kind: "test", cameras: [FakeProvider.camera("test")], watches: false)
    let ticker = ManualTicker()
    let folder: String
    let controller: CaptureController
    private(set) var notices: [CaptureNotice] = []
    /// How often the controller said the app may close, and what it had told the front end by then.
    private(set) var closes = 0
    private(set) var noticesWhenClosed: [CaptureNotice] = []
    /// The desktop's privacy settings, as far as the controller can tell.
    final class Settings {
        var opened = 0
        var exist = true
    }
    let settings = Settings()
    var settingsOpened: Int { settings.opened }
    var desktopHasSettings: Bool {
        get { settings.exist }
        set { settings.exist = newValue }
    }

    /// A code reader for the sources (a struct, so a trailing closure still means `configure`).
    struct CodeReader {
        var read: CaptureController.CodeReading
    }

    /// A face finder for the sources (a struct, as `CodeReader` is).
    struct FaceFinder {
        var find: CaptureController.FaceFinding
    }

    init(provider: FakeProvider = FakeProvider(), preferredCameraID: String? = nil, codeReader: CodeReader? = nil,
         faceFinder: FaceFinder? = nil, configure: (Preferences) -> Void = { _ in }) throws {
        self.provider = provider
        let base = FileManager.default.temporaryDirectory.path + "/squarecam-controller-\(UUID().uuidString.prefix(8))"
        folder = base + "/Pictures/Camera"
        // Preferences live in this test's own folder, never the user's.
        let preferences = Preferences(file: base + "/config/squarecam/settings")
        configure(preferences)
        let photos = folder
        let settings = self.settings
        var sources = CaptureController.Sources(cameras: provider, testPattern: testPattern, preferredCameraID: preferredCameraID)
        sources.readCodes = codeReader?.read
        sources.findFaces = faceFinder?.find
        controller = CaptureController(
            sources: sources,
            preferences: preferences, photos: .folders(photos: photos), ticker: ticker,
            openPrivacySettings: {
                settings.opened += 1
                return settings.exist
            })
        controller.onNotice = { [unowned self] in self.notices.append($0) }
        controller.onClose = { [unowned self] in
            self.closes += 1
            self.noticesWhenClosed = self.notices
        }
    }

    deinit {
        let base = URL(fileURLWithPath: folder).deletingLastPathComponent().deletingLastPathComponent()
        try? FileManager.default.removeItem(at: base)
    }

    /// Sends an event (or starts) and waits for the work it began.
    func send(_ event: CaptureFlow.Event) async {
        controller.send(event)
        await controller.settle()
    }

    func launch() async {
        controller.start()
        await controller.settle()
    }

    /// Launched and live on the provider's first camera.
    static func live(_ provider: FakeProvider = FakeProvider()) async throws -> ControllerHarness {
        let harness = try ControllerHarness(provider: provider)
        await harness.launch()
        #expect(harness.controller.state == .live)
        return harness
    }

    /// Lets tasks the fakes' callbacks started run, then waits for their work.
    func settle() async {
        for _ in 0..<20 { await Task.yield() }
        await controller.settle()
    }

    var state: CaptureFlow.State { controller.state }

    var savedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    func savedSize(_ name: String) throws -> PixelSize {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        return try JPEGDecoder.header(of: bytes).size
    }
}
