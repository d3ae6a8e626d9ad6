import SquareCamAppleLogic
import SquareCamCore
import SwiftUI

/// Why the camera cannot show (permission, none, failed), with the
/// buttons `StatusPageContent` chose.
struct StatusPage: View {
    let content: StatusPageContent
    let send: (CaptureFlow.Event) -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text(verbatim: content.title.localizedText)
                .font(.title2)
            Text(verbatim: content.detail.localizedText)
            if content.offers(.continueToPermission) {
                Button("Continue") { send(.continueToPermission) }
            }
            if content.offers(.notNow) {
                Button("Not Now") { send(.declinePermission) }
            }
            if content.offers(.openSettings) {
                Button("Open Settings") { send(.openSettings) }
            }
            if content.offers(.tryAgain) {
                Button("Try Again") { send(.tryAgain) }
            }
        }
        .padding()
    }
}
