import CGtk
import SquareCamController
import SquareCamCore

/// The status pages: why the camera is wanted, no permission, no camera,
/// disconnected, busy or failed — each with what the user can do.
extension MainWindow {
    func renderStatus(_ state: CaptureFlow.State) {
        guard shown.status != state else { return }
        shown.status = state
        let tryAgain = StatusPage.Action(label: localized("_Try Again"), tooltip: localized("Try the camera again")) { [weak self] in
            self?.controller.send(.tryAgain)
        }
        let settings = StatusPage.Action(label: localized("Open _Settings"), tooltip: localized("Open the camera privacy settings")) { [weak self] in
            self?.controller.send(.openSettings)
        }
        let testPattern = StatusPage.Action(label: localized("Use Test _Pattern"), tooltip: localized("Show a moving test pattern instead of a camera")) { [weak self] in
            self?.controller.send(.useTestPattern)
        }
        // The same judgement for the page that asks and the page that explains a refusal.
        let answerPlace = CameraAnswerPlace.current(forgetCommand: controller.forgetRefusalCommand)
        let continueToAsk = StatusPage.Action(label: localized("_Continue"), tooltip: localized("Let the desktop ask for the camera")) { [weak self] in
            self?.controller.send(.continueToPermission)
        }
        switch state {
        case .explainingPermission:
            status.show(icon: "camera-web-symbolic", title: localized("SquareCam would like to use the camera"),
                        description: answerPlace.beforeAsking, primary: continueToAsk,
                        secondary: .init(label: localized("_Not Now"), tooltip: localized("Do not use the camera now")) { [weak self] in
                            self?.controller.send(.declinePermission)
                        })
        case .permissionPostponed:
            // Not Now: nothing was asked or stored, so none of the refusal's advice.
            status.show(icon: "camera-web-symbolic", title: localized("SquareCam will ask when you are ready"),
                        description: localized("The camera stays off. Nothing was asked and nothing was stored; choose Continue when you want to use the camera, and your desktop asks you then."),
                        primary: continueToAsk)
        case .permissionDenied:
            // The Open Settings button only where the desktop has camera privacy settings to open;
            // elsewhere the page says where the answer is kept and how to change it.
            let secondary = answerPlace == .privacySettings ? settings : answerPlace.command.map(copyAction)
            status.show(icon: "camera-disabled-symbolic", title: localized("SquareCam has no permission to use the camera"),
                        description: answerPlace.afterRefusal, command: answerPlace.command, primary: tryAgain, secondary: secondary)
        case .permissionRestricted:
            status.show(icon: "camera-disabled-symbolic", title: localized("SquareCam may not use the camera"),
                        description: localized("A system policy does not allow the camera. Ask the administrator of this computer to allow it, then choose Try Again."),
                        primary: tryAgain)
        case .noCamera:
            status.show(icon: "camera-hardware-disabled-symbolic", title: localized("No camera found"),
                        description: localized("Connect a camera; SquareCam will find it. Or take photos of a moving test pattern."),
                        primary: testPattern, secondary: tryAgain)
        case .disconnected(let name):
            status.show(icon: "camera-hardware-disabled-symbolic", title: localized("Camera disconnected"),
                        description: localized("“{camera}” was unplugged. Plug it in again; the viewfinder comes back by itself.", ["camera": name]),
                        primary: tryAgain, secondary: testPattern)
        case .failed(.unknownCamera(let id)):
            // The same words as `squarecam shoot --camera ID`; the page goes live if that camera appears.
            status.show(icon: "camera-hardware-disabled-symbolic",
                        title: localized("No camera has the id '{id}'", ["id": id]),
                        description: localized("Connect that camera; SquareCam will find it. Or take photos of a moving test pattern."),
                        primary: testPattern, secondary: tryAgain)
        case .failed(let failure):
            if case .busy(let name) = failure {
                status.show(icon: "camera-web-symbolic", title: localized("The camera is busy"),
                            description: localized("“{camera}” is in use by another program. Close that program; SquareCam tries again every few seconds.", ["camera": name]),
                            primary: tryAgain, secondary: testPattern)
            } else if case .pipeWireUnreachable = failure {
                // The command to copy, as on the denied page; the page goes live by itself once it has run.
                status.show(icon: "dialog-warning-symbolic", title: localized("The camera cannot be reached"),
                            description: localized("SquareCam cannot reach PipeWire, which brings the cameras' pictures. Start PipeWire and WirePlumber with this command; the camera comes back by itself."),
                            command: CameraFailure.startPipeWireCommand, primary: tryAgain, secondary: copyAction(CameraFailure.startPipeWireCommand))
            } else {
                status.show(icon: "dialog-warning-symbolic", title: localized("The camera does not work"),
                            description: UserMessages.describe(failure), primary: tryAgain, secondary: testPattern)
            }
        default:
            return
        }
        // One status page for another (Not Now's, say): the button the user pressed may be gone, the main one takes the focus.
        if shown.page == "status" { gtk_widget_grab_focus(status.primaryButton) }
        if Trace.enabled {
            let status = self.status
            FrameClock.afterPaints(of: status.widget) {
                let command = status.command.map { " command=\($0)" } ?? ""
                Trace.line("status page title=\(status.title) description=\(status.description.replacingOccurrences(of: "\n", with: " "))\(command)")
            }
        }
    }

    /// Copy Command: the command goes on the clipboard, and the button says it did.
    private func copyAction(_ command: String) -> StatusPage.Action {
        StatusPage.Action(label: localized("_Copy Command"), tooltip: localized("Copy the command to the clipboard")) { [weak self] in
            guard let self else { return }
            Clipboard.setText(command, of: self.window)
            Trace.line("status command copied")
            self.status.relabel(self.status.secondaryButton, .init(label: localized("Copied"), tooltip: localized("The command is on the clipboard")) {
                [weak self] in
                guard let self else { return }
                Clipboard.setText(command, of: self.window)
            })
        }
    }

    /// The status page's name in the debug log.
    static func statusName(_ state: CaptureFlow.State) -> String {
        switch state {
        case .explainingPermission: "explanation"
        case .permissionDenied: "denied"
        case .permissionRestricted: "restricted"
        case .noCamera: "no-camera"
        case .disconnected: "disconnected"
        case .failed(.unknownCamera): "unknown-camera"
        case .failed(.busy): "busy"
        case .failed(.pipeWireUnreachable): "no-pipewire"
        case .failed: "failed"
        case .permissionPostponed: "not-now"
        default: "\(state)"
        }
    }
}
