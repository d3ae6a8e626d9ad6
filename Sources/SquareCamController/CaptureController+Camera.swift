import SquareCamCore

/// The camera's life: which one, starting, stopping, failures, and cameras
/// that come and go while the app runs.
extension CaptureController {
    /// Opens the camera the user wants (the switcher's choice, `--camera`, or the first) and starts it.
    public func chooseCamera(id: String) {
        guard id != currentCameraID || camera == nil else { return }
        preferredCameraID = id
        send(.switchCamera)
    }

    /// C: the next camera in the list.
    public func switchToNextCamera() {
        guard cameras.count > 1 else { return }
        let index = cameras.firstIndex { $0.id == currentCameraID } ?? -1
        chooseCamera(id: cameras[(index + 1) % cameras.count].id)
    }

    func switchProvider(to next: any CameraProvider) {
        stopCamera()
        watch?.cancel()
        watch = nil
        provider = next
        preferredCameraID = nil
        cameras = []
    }

    func startCamera() {
        startGeneration += 1
        let generation = startGeneration
        let provider = self.provider
        track {
            do {
                let listed = try await provider.cameras()
                guard generation == self.startGeneration else { return }
                self.cameras = listed
                // Listing worked, so the cameras may be used: from now on the list is watched.
                self.startWatching(knowing: listed)
                let description = try self.pick(from: listed)
                let opened = try provider.openCamera(description)
                opened.setFailureHandler { [weak self] failure in
                    Task { @MainActor in self?.camera(opened, reported: failure) }
                }
                self.camera = opened
                self.startReadingCodes(in: opened)
                self.startFraming(in: opened)
                self.currentCameraID = description.id
                self.onChange?()
                try await opened.start()
                guard self.camera === opened, generation == self.startGeneration else { return }
                self.send(.cameraStarted)
            } catch {
                guard generation == self.startGeneration else { return }
                let failure = error as? CameraFailure
                    ?? .failed(camera: self.preferredCameraID ?? "camera", detail: "\(error)")
                self.send(.cameraFailed(failure))
            }
        }
    }

    /// The camera to open among `listed`.
    private func pick(from listed: [CameraDescription]) throws(CameraFailure) -> CameraDescription {
        guard let wanted = preferredCameraID else {
            guard let first = listed.first else { throw .noCamera }
            return first
        }
        if let match = listed.first(where: { $0.id == wanted }) { return match }
        // The camera that was live before is away: unplugged, and it may come back.
        if wanted == currentCameraID { throw .disconnected(camera: wanted) }
        throw .unknownCamera(id: wanted)
    }

    func stopCamera() {
        startGeneration += 1
        guard let closing = camera else { return }
        camera = nil
        closing.setFailureHandler(nil)
        closing.setFrameAnalysis(named: "codes", framesPerSecond: 0, nil)
        closing.setFrameAnalysis(named: "faces", framesPerSecond: 0, nil)
        // The next camera gets the face analysis when it is live (updateFramingForState).
        faceLooking.isOn = false
        closing.setFraming(nil)
        forgetCode()
        // A recording stopped with its camera (the window destroyed) stays
        // in its hidden file for recovery; its file is held open until the
        // pipeline writing to it has stopped.
        let unfinished = activeRecording
        activeRecording = nil
        recordingStarted = nil
        track {
            await closing.stop()
            withExtendedLifetime(unfinished) {}
        }
    }

    private func camera(_ reporting: any Camera, reported failure: CameraFailure) {
        guard reporting === camera else { return }
        send(.cameraFailed(failure))
    }

    // MARK: Cameras coming and going

    /// Watches the provider's list once the camera may be used (a portal
    /// provider must not be asked before access was granted); `listed` is
    /// what `cameras()` has just given, which the watch may take as its first list.
    func startWatching(knowing listed: [CameraDescription]) {
        guard watch == nil else { return }
        watch = provider.watchCameras(knowing: listed) { [weak self] listed in
            Task { @MainActor in self?.camerasChanged(listed) }
        }
    }

    /// The provider's list changed: the flow decides what it means.
    func camerasChanged(_ listed: [CameraDescription]) {
        cameras = listed
        send(.camerasChanged(CaptureFlow.CameraListing(
            ids: Set(listed.map(\.id)), currentID: currentCameraID, currentName: currentCameraID.map(name(of:)),
            currentIsOpen: camera != nil, preferredID: preferredCameraID)))
    }

    /// The name a person knows a camera by, from its id.
    private func name(of id: String) -> String {
        if let camera, camera.cameraDescription.id == id { return camera.cameraDescription.name }
        return cameras.first { $0.id == id }?.name ?? id
    }

    /// Ticks as often as the flow wants to look again (the camera busy, or
    /// away and unwatched); the flow decides what each tick does.
    func scheduleRetry() {
        guard let seconds = flow.retrySeconds(listWatched: watch != nil) else {
            retryTask?.cancel()
            retryTask = nil
            return
        }
        guard retryTask == nil else { return }
        let ticker = self.ticker
        retryTask = Task { @MainActor in
            do { try await ticker.wait(seconds: seconds) } catch { return }
            self.retryTask = nil
            self.send(.retryDue)
        }
    }

    /// Lists the provider's cameras for the flow (a look while the camera is
    /// away); a look due while the last one still runs is skipped.
    func listCameras() {
        guard listing == nil else { return }
        let provider = self.provider
        listing = track {
            let listed = try? await provider.cameras()
            self.listing = nil
            if let listed { self.camerasChanged(listed) }
        }
    }
}
