import SquareCamAppleLogic
import SquareCamCore
import SwiftUI

/// One page per state of the shared capture flow, as the Linux window picks them.
struct CaptureScreen: View {
    let model: CaptureModel

    var body: some View {
        page
            .onAppear { model.start() }
    }

    @ViewBuilder
    private var page: some View {
        switch model.state {
        case .live, .capturing, .recording, .finishingRecording:
            LivePage(model: model)
        case .reviewing(let photo), .saving(let photo):
            ReviewPage(model: model, photo: photo)
        case .editing(let photo):
            if let picture = model.picture(of: photo, squareOnly: false) {
                CropEditorPage(photo: photo, picture: picture) { crop in
                    model.controller.send(.editDone(crop: crop))
                } cancel: {
                    model.controller.send(.cancel)
                }
            } else {
                Text("Starting the camera…")
            }
        default:
            if let content = StatusPageContent(state: model.state) {
                StatusPage(content: content) { model.controller.send($0) }
            } else {
                Text("Starting the camera…")
            }
        }
    }
}
