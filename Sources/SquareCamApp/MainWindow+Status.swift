import CGtk
import SquareCamCore

/// The status pages: permission, no camera, disconnected, busy or failed.
extension MainWindow {
    func showStatus(for state: CaptureFlow.State) {
        let tryAgain = StatusPage.Action(label: localized("_Try Again"), tooltip: localized("Try the camera again")) { [weak self] in
            self?.send(.tryAgain)
        }
        let settings = StatusPage.Action(label: localized("Open _Settings"), tooltip: localized("Open the camera privacy settings")) { [weak self] in
            self?.send(.openSettings)
        }
        let testPattern = StatusPage.Action(label: localized("Use Test _Pattern"), tooltip: localized("Show a moving test pattern instead of a camera")) { [weak self] in
            self?.send(.useTestPattern)
        }
        switch state {
        case .askingPermission:
            status.show(icon: "camera-web-symbolic", title: localized("SquareCam would like to use the camera"),
                        description: localized("Photos stay on this computer. You can change this later in Settings › Privacy › Camera."),
                        primary: .init(label: localized("_Allow"), tooltip: localized("Allow SquareCam to use the camera")) { [weak self] in
                            self?.send(.permissionAnswered(granted: true))
                        },
                        secondary: .init(label: localized("_Not Now"), tooltip: localized("Do not use the camera")) { [weak self] in
                            self?.send(.permissionAnswered(granted: false))
                        })
        case .permissionDenied:
            status.show(icon: "camera-disabled-symbolic", title: localized("SquareCam has no permission to use the camera"),
                        description: localized("Allow it in Settings › Privacy › Camera, then choose Try Again."),
                        primary: tryAgain, secondary: settings)
        case .permissionRestricted:
            status.show(icon: "camera-disabled-symbolic", title: localized("SquareCam has no permission to use the camera"),
                        description: localized("A system policy does not allow the camera. Ask the administrator of this computer to allow it, then choose Try Again."),
                        primary: tryAgain, secondary: settings)
        case .noCamera:
            status.show(icon: "camera-hardware-disabled-symbolic", title: localized("No camera found"),
                        description: localized("Connect a camera; SquareCam will find it. Or take photos of a moving test pattern."),
                        primary: testPattern, secondary: tryAgain)
        case .disconnected(let name):
            status.show(icon: "camera-hardware-disabled-symbolic", title: localized("Camera disconnected"),
                        description: localized("“{camera}” was unplugged. Plug it in again; the viewfinder comes back by itself.", ["camera": name]),
                        primary: tryAgain, secondary: testPattern)
        case .failed(let failure):
            if case .busy(let name) = failure {
                status.show(icon: "camera-web-symbolic", title: localized("The camera is busy"),
                            description: localized("“{camera}” is in use by another program. Close that program; SquareCam tries again every few seconds.", ["camera": name]),
                            primary: tryAgain, secondary: testPattern)
            } else {
                status.show(icon: "dialog-warning-symbolic", title: localized("The camera does not work"),
                            description: failure.description, primary: tryAgain, secondary: testPattern)
            }
        default:
            return
        }
        gtk_widget_grab_focus(status.primaryButton)
        if Trace.enabled {
            let page = status.widget
            FrameClock.afterPaints(of: page) {
                Trace.line("status page title=\(String(cString: adw_status_page_get_title(gcast(page))))")
            }
        }
    }

    /// While the camera is busy or unplugged, checks every two seconds and
    /// goes live by itself when it is back.
    func scheduleRetry(for state: CaptureFlow.State) {
        let retrying: Bool
        switch state {
        case .disconnected: retrying = true
        case .failed(.busy): retrying = true
        default: retrying = false
        }
        guard retrying else {
            retryTask?.cancel()
            retryTask = nil
            return
        }
        guard retryTask == nil else { return }
        retryTask = Task { @MainActor in
            while !Task.isCancelled {
                do { try await Task.sleep(for: .seconds(2)) } catch { return }
                let spec = self.cameraSpec
                if case .disconnected = self.flow.state {
                    let probe = try? CameraOpener.open(spec: spec)
                    if CameraOpener.isAvailable(probe, spec: spec) {
                        self.retryTask = nil
                        self.send(.cameraAvailable)
                        return
                    }
                } else if case .failed(.busy) = self.flow.state {
                    self.retryTask = nil
                    self.send(.tryAgain)
                    return
                } else {
                    self.retryTask = nil
                    return
                }
            }
        }
    }

    func openPrivacySettings() {
        if Launcher.openPrivacySettings() { return }
        showError(localized("This desktop has no camera privacy settings. Make sure your account may use video devices (for example: sudo usermod -aG video $USER), log out and in again, then choose Try Again."))
    }
}
