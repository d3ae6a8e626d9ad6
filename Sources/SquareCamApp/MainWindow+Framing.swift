import CGtk
import SquareCamController
import SquareCamCore

/// Zoom, pan and face following on the live page: the viewfinder's gestures
/// and buttons go to the controller, which moves the square the camera shows
/// and the shutter keeps.
extension MainWindow {
    func connectFraming() {
        Signal.connect(live.followButton, "toggled") { [weak self] in
            guard let self else { return }
            let on = gtk_toggle_button_get_active(gcast(live.followButton)) != 0
            guard on != controller.followsFaces else { return }
            controller.setFollowingFaces(on)
            // Refused (not live): the button goes back to what is so.
            renderFraming(controller.state)
        }
        Signal.connect(live.zoomButton, "clicked") { [weak self] in
            guard let self else { return }
            controller.setZoom(controller.zoom > 1 ? 1 : 2)
        }
        live.viewfinder.onPan = { [weak self] offset in self?.controller.pan(bySquareSides: offset) }
        live.viewfinder.onZoomSteps = { [weak self] steps in self?.controller.zoom(bySteps: steps) }
        live.viewfinder.onPinch = { [weak self] factor in
            guard let self else { return }
            controller.setZoom(controller.zoom * factor)
        }
    }

    func renderFraming(_ state: CaptureFlow.State) {
        live.showFraming(zoom: controller.zoom, photoSide: controller.zoomedPhotoSideBelowChosen,
                         following: controller.followsFaces, canFollow: controller.canFollowFaces, recording: state.isRecording)
        if shown.following != controller.followsFaces {
            shown.following = controller.followsFaces
            Trace.line("follow faces \(controller.followsFaces ? "on" : "off")")
        }
    }
}
