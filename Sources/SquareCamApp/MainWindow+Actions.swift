import CGtk
import Foundation
import SquareCamCore
import SquareCamImaging

/// Carrying out the capture flow's actions.
extension MainWindow {
    func perform(_ action: CaptureFlow.Action) {
        switch action {
        case .checkPermission:
            let authorization = CameraOpener.authorization(for: try? openCameraIfNeeded())
            Task { @MainActor in self.send(.permissionChecked(authorization)) }
        case .requestPermission:
            break  // The status page asks; its buttons answer.
        case .openPrivacySettings:
            openPrivacySettings()
        case .startCamera:
            startCamera()
        case .startTestPattern:
            cameraSpec = "test"
            usesScriptedCamera = false
            closeCamera()
            startCamera()
        case .stopCamera:
            closeCamera()
        case .capture:
            capture()
        case .showLive:
            showLive()
        case .showReview(let photo):
            showReview(photo)
        case .openEditor(let photo):
            openEditor(photo)
        case .save(let photo):
            save(photo, to: nil)
        case .saveAs(let photo, let path):
            save(photo, to: path)
        case .showSaved(let path):
            showSaved(path)
        case .showError(let message):
            // A failed save is told on the review page, next to Save As…; a
            // toast saying it again would cover that.
            if message != failedSaveMessage { showError(message) }
        case .forget(let photo):
            shots[photo.id] = nil
            review.clear()
            editor.close()
        }
    }

    // MARK: Camera

    /// The camera for the current spec, opened (not started) once.
    @discardableResult
    func openCameraIfNeeded() throws -> any Camera {
        if let camera { return camera }
        let opened = try CameraOpener.open(spec: cameraSpec, scripted: usesScriptedCamera)
        opened.setFailureHandler { [weak self] failure in
            Task { @MainActor in self?.send(.cameraFailed(failure)) }
        }
        camera = opened
        return opened
    }

    func startCamera() {
        let opened: any Camera
        do {
            opened = try openCameraIfNeeded()
        } catch {
            let failure = error as? CameraFailure ?? .failed(camera: cameraSpec ?? "auto", detail: "\(error)")
            Task { @MainActor in self.send(.cameraFailed(failure)) }
            return
        }
        live.viewfinder.mirrored = opened.cameraDescription.facing == .front
        gtk_toggle_button_set_active(gcast(live.mirrorButton), live.viewfinder.mirrored ? 1 : 0)
        Task { @MainActor in
            do {
                try await opened.start()
                guard self.camera === opened else { return }
                self.send(.cameraStarted)
            } catch {
                guard self.camera === opened else { return }
                let failure = error as? CameraFailure ?? .failed(camera: opened.cameraDescription.name, detail: "\(error)")
                self.send(.cameraFailed(failure))
            }
        }
    }

    /// Stops and forgets the camera (a new one is opened on the next start).
    func closeCamera() {
        live.viewfinder.detach()
        guard let closing = camera else { return }
        camera = nil
        closing.setFailureHandler(nil)
        Task { await closing.stop() }
    }

    func showLive() {
        guard let camera else { return }
        live.viewfinder.paused = false
        live.viewfinder.attach(camera)
        gtk_widget_grab_focus(live.shutterButton)
    }

    func frameShown() {
        if flow.state == .live || flow.state == .capturing {
            statistics.liveStarted(framesShown: live.viewfinder.framesShown - 1)
        }
    }

    // MARK: Shutter

    /// The shutter button, Space or Enter: counts down first when a countdown is set.
    func shutterPressed() {
        if let countdownTask {
            // Pressing again during the countdown cancels it.
            countdownTask.cancel()
            self.countdownTask = nil
            live.viewfinder.setCountdown(nil)
            return
        }
        guard flow.state == .live else { return }
        let seconds = preferences.countdownSeconds
        guard seconds > 0 else {
            send(.shutter)
            return
        }
        countdownTask = Task { @MainActor in
            defer { self.countdownTask = nil; self.live.viewfinder.setCountdown(nil) }
            for remaining in stride(from: seconds, to: 0, by: -1) {
                self.live.viewfinder.setCountdown(remaining)
                do { try await Task.sleep(for: .seconds(1)) } catch { return }
            }
            self.live.viewfinder.setCountdown(nil)
            self.send(.shutter)
        }
    }

    func capture() {
        guard let camera else {
            Task { @MainActor in self.send(.captureFailed(message: localized("The camera is not running."))) }
            return
        }
        statistics.shutter()
        live.viewfinder.playFlash()
        if preferences.shutterSound { ShutterSound.play() }
        let description = camera.cameraDescription
        let id = nextShotID
        nextShotID += 1
        let side = reviewSide
        Task { @MainActor in
            do {
                let frame = try await camera.capturePhoto()
                let crop = frame.size.centeredSquare
                var shot = Shot(frame: frame, camera: description, date: Date())
                // Review first, scaled straight from the frame (milliseconds);
                // the JPEG is encoded afterwards, off the main thread, while the
                // review is on screen, and Save waits for it if it must.
                let image = await Task.detached { PhotoDeveloper.reviewImage(of: frame, crop: crop, side: side) }.value
                if let image { shot.review = (crop, image) }
                let snapshot = shot
                shot.encoding = (crop, Task.detached(priority: .utility) { try PhotoDeveloper.encode(snapshot, crop: crop) })
                self.shots[id] = shot
                self.send(.photoCaptured(CapturedPhoto(id: id, frameSize: frame.size, crop: crop)))
            } catch {
                self.send(.captureFailed(message: localized("The photo could not be taken: {reason}", ["reason": "\(error)"])))
            }
        }
    }

    // MARK: Review, editor, saving

    /// Device pixels of the review picture: the review page's square once it
    /// has been laid out, else the viewfinder's (the same place on screen).
    var reviewSide: Int {
        max(review.view.devicePixelSize.width, review.view.devicePixelSize.height, live.viewfinder.devicePixelSide)
    }

    func showReview(_ photo: CapturedPhoto) {
        live.viewfinder.paused = true
        guard var shot = shots[photo.id] else { return }
        if shot.review?.crop != photo.crop || (shot.review?.image.size.width ?? 0) < reviewSide {
            shot.review = PhotoDeveloper.reviewImage(of: shot.frame, crop: photo.crop, side: reviewSide).map { (photo.crop, $0) }
            shots[photo.id] = shot
        }
        guard let image = shot.review?.image else {
            showError(localized("The photo could not be shown."))
            return
        }
        review.show(image: image)
        let statistics = self.statistics
        FrameClock.afterNextPaint(of: review.picture) { statistics.reviewShown() }
        gtk_widget_grab_focus(review.saveButton)
        if Trace.enabled {
            let picture = review.picture
            FrameClock.afterPaints(of: picture) {
                Trace.line("review showing at \(Trace.square(of: picture)) crop \(photo.crop)")
            }
        }
    }

    func openEditor(_ photo: CapturedPhoto) {
        guard let shot = shots[photo.id] else { return }
        Task { @MainActor in
            let frame = shot.frame
            // Enough pixels for a sharp canvas at twice the window's size, not the whole sensor.
            let longSide = max(1600, 2 * self.reviewSide)
            guard let image = await Task.detached(operation: { PhotoDeveloper.editorImage(of: frame, longSide: longSide) }).value else {
                self.showError(localized("The photo could not be shown."))
                return
            }
            self.editor.open(image: image, frameSize: photo.frameSize, crop: photo.crop)
            if Trace.enabled {
                FrameClock.afterPaints(of: self.editor.canvas) { Trace.line("editor showing crop \(photo.crop)") }
            }
            gtk_widget_grab_focus(self.editor.canvas)
        }
    }

    /// Writes the photo's square to the photos folder (or to `path`).
    func save(_ photo: CapturedPhoto, to path: String?) {
        guard let shot = shots[photo.id] else { return }
        Task { @MainActor in
            let result: Result<String, Error> = await Task.detached { [shot] in
                do {
                    let jpeg = try await shot.jpeg(crop: photo.crop)
                    if let path {
                        try AtomicFileWriter.write(jpeg, toPath: path, replaceExisting: true)
                        return .success(path)
                    }
                    let library = PhotoLibrary.standard()
                    let date = shot.date
                    return .success(try library.save(jpeg) { PhotoDeveloper.fileName(for: date, attempt: $0) })
                } catch {
                    return .failure(error)
                }
            }.value
            switch result {
            case .success(let saved):
                self.send(.photoSaved(path: saved))
            case .failure(let error):
                self.failedSaveMessage = "\(error)"
                self.send(.saveFailed(message: "\(error)"))
                self.failedSaveMessage = nil
                self.review.showProblem(localized("The photo was not saved. {reason}", ["reason": "\(error)"]))
                Trace.line("save problem shown: \(error)")
                Log.line("squarecam: the photo was not saved: \(error)")
            }
        }
    }

    func showSaved(_ path: String) {
        lastSavedPath = path
        let toast = adw_toast_new(localized("Photo saved"))!
        adw_toast_set_button_label(toast, localized("_Open"))
        adw_toast_set_timeout(toast, 4)
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in
            guard let path = self?.lastSavedPath else { return }
            Launcher.openFile(path)
        }
        adw_toast_overlay_add_toast(gcast(toasts), toast)
        Trace.line("saved \(path)")
        if Trace.enabled {
            // Once its slide-in is over: where the toast is drawn, for the tests.
            let overlay = toasts
            FrameClock.afterPaints(of: overlay, frames: 30) {
                guard let shown = Trace.descendant(of: overlay, cssName: "toast") else { return }
                let button = Trace.descendant(of: shown, cssName: "button").map { Trace.bounds(of: $0) } ?? "none"
                Trace.line("toast showing at \(Trace.bounds(of: shown)) button at \(button)")
            }
        }
    }

    func showError(_ message: String) {
        let toast = adw_toast_new(message)!
        adw_toast_set_timeout(toast, 6)
        adw_toast_overlay_add_toast(gcast(toasts), toast)
        Log.line("squarecam: \(message)")
    }
}
