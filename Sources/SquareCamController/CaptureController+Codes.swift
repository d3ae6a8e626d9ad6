import SquareCamCore

/// A QR code in view: read from the camera's frames while live, held in
/// `codeInView` for the front end's bar (text, Copy, Open). Reading never
/// interrupts shooting and never acts on what it read.
extension CaptureController {
    /// A code held up is seen within half a second. zbar takes about 13 ms
    /// a look at the analysis frame's size on a textured frame: two looks a
    /// second cost 3 % of a core where five cost 7 %, and a bar that comes
    /// half a second after the code is soon enough.
    static let codeLooksPerSecond = 2.0
    /// Looks in a row without the code before its bar goes: a code is not
    /// read in every frame (blur, a hand over it), and the bar must not
    /// flicker. Four at two a second: two seconds.
    static let codeMissesBeforeGone = 4

    /// Starts looking for codes in `camera`'s frames, when the sources can read them.
    func startReadingCodes(in camera: any Camera) {
        guard let readCodes else { return }
        let looking = codeLooking, looks = codeLooks
        // Weak: the camera keeps this closure until it is stopped.
        camera.setFrameAnalysis(named: "codes", framesPerSecond: Self.codeLooksPerSecond) { [weak self, weak camera] frame, _ in
            // Review, the editor, a recording: nobody sees the bar, so nothing is read.
            guard looking.isOn, let camera else { return }
            // A still scene whose last look found nothing is not read again (UnchangedSceneSkipping).
            let signature = SceneSignature(frame)
            guard looks.withLock({ $0.shouldLook(at: signature, now: .now) }) else { return }
            let text = readCodes(frame).first
            if text != nil { looks.withLock { $0.lookFound() } }
            Task { @MainActor in self?.codeRead(text, in: camera) }
        }
    }

    /// Code looks made and skipped (a still scene) so far.
    public var codeLookCounts: (made: Int, skipped: Int) {
        codeLooks.withLock { ($0.made, $0.skipped) }
    }

    /// Whether frames are read now: only while the live page shows.
    func updateCodeLooking() {
        let live = flow.state == .live
        codeLooking.isOn = live
        if !live { forgetCode() }
    }

    func forgetCode() {
        codeMisses = 0
        guard codeInView != nil else { return }
        codeInView = nil
        onChange?()
    }

    private func codeRead(_ text: String?, in camera: any Camera) {
        guard camera === self.camera, flow.state == .live else { return }
        if let text {
            codeMisses = 0
            guard text != codeInView else { return }
            codeInView = text
            onChange?()
        } else if codeInView != nil {
            codeMisses += 1
            if codeMisses >= Self.codeMissesBeforeGone { forgetCode() }
        }
    }
}

