import CGtk
import SquareCamCapture
import SquareCamController
import SquareCamCore

/// The status pages: why the camera is wanted, no permission, no camera,
/// disconnected, busy or failed — each with what the user can do.
extension MainWindow {
    func renderStatus(_ state: CaptureFlow.State) {
        guard shownStatus != state else { return }
        shownStatus = state
        let tryAgain = StatusPage.Action(label: localized("_Try Again"), tooltip: localized("Try the camera again")) { [weak self] in
            self?.controller.send(.tryAgain)
        }
        let settings = StatusPage.Action(label: localized("Open _Settings"), tooltip: localized("Open the camera privacy settings")) { [weak self] in
            self?.controller.send(.openSettings)
        }
        let testPattern = StatusPage.Action(label: localized("Use Test _Pattern"), tooltip: localized("Show a moving test pattern instead of a camera")) { [weak self] in
            self?.controller.send(.useTestPattern)
        }
        switch state {
        case .explainingPermission:
            status.show(icon: "camera-web-symbolic", title: localized("SquareCam would like to use the camera"),
                        description: localized("The camera shows its picture here, and photos stay on this computer. Your desktop asks you next; you can change the answer later in Settings › Privacy › Camera."),
                        primary: .init(label: localized("_Continue"), tooltip: localized("Let the desktop ask for the camera")) { [weak self] in
                            self?.controller.send(.continueToPermission)
                        },
                        secondary: .init(label: localized("_Not Now"), tooltip: localized("Do not use the camera")) { [weak self] in
                            self?.controller.send(.declinePermission)
                        })
        case .permissionDenied:
            // The Open Settings button only where the desktop has camera privacy settings to open;
            // elsewhere the page says where the answer is kept and how to change it.
            let hasSettings = Launcher.hasPrivacySettings
            let description = if hasSettings {
                localized("Allow it in Settings › Privacy › Camera, then choose Try Again.")
            } else if controller.providerKind == "portal" {
                localized("Your desktop remembers that SquareCam may not use the camera, and has no settings page to change that. To forget the answer, run in a terminal:\n\n{command}\n\nthen choose Try Again; the desktop will ask again.",
                          ["command": PortalCameraProvider.forgetRefusalCommand])
            } else {
                localized("This desktop has no camera privacy settings. Make sure your account may use video devices (for example: sudo usermod -aG video $USER), log out and in again, then choose Try Again.")
            }
            status.show(icon: "camera-disabled-symbolic", title: localized("SquareCam has no permission to use the camera"),
                        description: description, primary: tryAgain, secondary: hasSettings ? settings : nil)
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
            } else {
                status.show(icon: "dialog-warning-symbolic", title: localized("The camera does not work"),
                            description: UserMessages.describe(failure), primary: tryAgain, secondary: testPattern)
            }
        default:
            return
        }
        if Trace.enabled {
            let page = status.widget
            FrameClock.afterPaints(of: page) {
                let title = String(cString: adw_status_page_get_title(gcast(page)))
                let description = adw_status_page_get_description(gcast(page)).map { String(cString: $0) } ?? ""
                Trace.line("status page title=\(title) description=\(description.replacingOccurrences(of: "\n", with: " "))")
            }
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
        case .failed: "failed"
        default: "\(state)"
        }
    }
}
