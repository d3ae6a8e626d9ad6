import SquareCamAppleLogic
import SquareCamCore
import SwiftUI
import UIKit

/// The photo's square for Retake, Edit or Save; a failed save is said here
/// and the photo stays.
struct ReviewPage: View {
    let model: CaptureModel
    let photo: CapturedPhoto

    var body: some View {
        VStack(spacing: 24) {
            if let picture = model.picture(of: photo, squareOnly: true) {
                Image(uiImage: picture)
                    .resizable()
                    .aspectRatio(1, contentMode: .fit)
            }
            if let problem = model.saveProblem {
                Text(verbatim: problem.localizedText)
                Button("Open Settings") { _ = SystemSettings.openAppSettings() }
            }
            HStack(spacing: 32) {
                Button("Retake") { model.controller.send(.retake) }
                Button("Edit") { model.controller.send(.edit) }
                Button("Save") { model.save() }
                    .disabled(model.state != .reviewing(photo))
            }
        }
        .padding()
    }
}
