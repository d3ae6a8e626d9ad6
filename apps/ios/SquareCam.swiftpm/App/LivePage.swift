import SquareCamAppleLogic
import SwiftUI

/// The square viewfinder with its grid and countdown, the round shutter,
/// the timer and grid switches, and the camera switch when there are two.
struct LivePage: View {
    let model: CaptureModel

    var body: some View {
        VStack(spacing: 24) {
            ZStack {
                if let camera = model.camera {
                    CameraPreview(camera: camera)
                } else {
                    Color.black
                }
                if model.showGrid {
                    GridLines()
                }
                if let seconds = model.countdown {
                    Text(String(seconds))
                        .font(.largeTitle)
                        .foregroundStyle(Color.white)
                }
            }
            .aspectRatio(1, contentMode: .fit)
            .clipped()
            HStack(spacing: 32) {
                Button("Grid") { model.toggleGrid() }
                Button {
                    model.controller.shutterPressed()
                } label: {
                    Circle()
                        .fill(Color.white)
                        .frame(width: 72, height: 72)
                }
                .accessibilityLabel(Text("Take Photo"))
                .disabled(model.state != .live)
                Button {
                    model.controller.cycleCountdown()
                } label: {
                    if model.timerSeconds == 0 {
                        Text("Timer")
                    } else {
                        Text(verbatim: PhoneMessage.seconds(model.timerSeconds).localizedText)
                    }
                }
            }
            if model.canSwitchCamera {
                Button("Switch Camera") { model.controller.switchToNextCamera() }
            }
            if let message = model.message {
                Text(verbatim: message.localizedText)
            }
        }
        .padding()
    }
}
