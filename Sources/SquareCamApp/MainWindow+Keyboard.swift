import CGtk
import SquareCamController
import SquareCamCore

/// Every shortcut, per page. Handled before the focused widget sees the key
/// (capture phase), except Space and Enter on a focused secondary button,
/// which that button keeps.
extension MainWindow {
    func installKeyboard() {
        let keys = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(squarecam_event_controller(keys), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.handleKey(keyval, modifiers) ?? false
        }
        gtk_widget_add_controller(window, squarecam_event_controller(keys))
    }

    private func handleKey(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let key = Int32(gdk_keyval_to_lower(keyval))
        if control && key == GDK_KEY_q {
            gtk_window_close(gcast(window))
            return true
        }
        if key == GDK_KEY_F11 {
            toggleFullscreen()
            return true
        }
        let activate = key == GDK_KEY_space || key == GDK_KEY_Return || key == GDK_KEY_KP_Enter
        switch controller.state {
        case .live, .capturing:
            if activate { return focusKeeps(live.shutterButton) ? false : run(controller.shutterPressed) }
            guard !control else { return false }
            switch key {
            case GDK_KEY_Escape:
                if controller.countdown != nil { return run(controller.shutterPressed) }
                gtk_window_close(gcast(window))
                return true
            case GDK_KEY_t: return run(controller.cycleCountdown)
            case GDK_KEY_g: return run { self.setGrid(!self.live.viewfinder.showsGrid) }
            case GDK_KEY_m: return run { self.setMirrored(!self.live.viewfinder.mirrored) }
            case GDK_KEY_c: return run(switchToNextCamera)
            default: return false
            }
        case .reviewing:
            if control && key == GDK_KEY_s { return run { self.controller.send(.save) } }
            if activate { return focusKeeps(review.saveButton) ? false : run { self.controller.send(.save) } }
            guard !control else { return false }
            switch key {
            case GDK_KEY_r, GDK_KEY_Escape: return run { self.controller.send(.retake) }
            case GDK_KEY_e: return run { self.controller.send(.edit) }
            default: return false
            }
        case .editing:
            if activate { return focusKeeps(editor.doneButton) ? false : run(editDone) }
            let step = shift ? 10 : 1
            switch key {
            case GDK_KEY_Escape: return run { self.controller.send(.cancel) }
            case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: return run { self.editor.zoom(by: 1.1) }
            case GDK_KEY_minus, GDK_KEY_underscore, GDK_KEY_KP_Subtract: return run { self.editor.zoom(by: 1 / 1.1) }
            case GDK_KEY_0, GDK_KEY_KP_0: return run(editor.reset)
            case GDK_KEY_Left: return run { self.editor.nudge(dx: -step, dy: 0) }
            case GDK_KEY_Right: return run { self.editor.nudge(dx: step, dy: 0) }
            case GDK_KEY_Up: return run { self.editor.nudge(dx: 0, dy: -step) }
            case GDK_KEY_Down: return run { self.editor.nudge(dx: 0, dy: step) }
            default: return false
            }
        default:
            if key == GDK_KEY_Escape {
                gtk_window_close(gcast(window))
                return true
            }
            return false
        }
    }

    /// True when a button other than the page's main one has the focus:
    /// Space and Enter then belong to it.
    private func focusKeeps(_ primary: Widget) -> Bool {
        guard let focus = gtk_root_get_focus(squarecam_root(window)) else { return false }
        return focus != primary && squarecam_is_button(focus) != 0
    }

    private func run(_ body: () -> Void) -> Bool {
        body()
        return true
    }

    /// C: the next camera in the list.
    private func switchToNextCamera() {
        controller.switchToNextCamera()
        if let chosen = controller.preferredCameraID { Trace.line("camera chosen \(chosen)") }
    }

    func editDone() {
        controller.send(.editDone(crop: editor.crop.rect))
    }

    func toggleFullscreen() {
        if gtk_window_is_fullscreen(gcast(window)) != 0 {
            gtk_window_unfullscreen(gcast(window))
        } else {
            gtk_window_fullscreen(gcast(window))
        }
        Trace.line("fullscreen toggled")
    }
}
