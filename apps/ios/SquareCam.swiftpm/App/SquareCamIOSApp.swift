import SwiftUI

/// The iOS app: one window showing the capture screen, which draws the
/// shared `CaptureController`'s state (see CaptureModel).
@main
struct SquareCamIOSApp: App {
    @State private var model = CaptureModel()

    var body: some Scene {
        WindowGroup {
            CaptureScreen(model: model)
        }
    }
}
