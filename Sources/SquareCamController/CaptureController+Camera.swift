import SquareCamCore

/// The camera's life: which one, starting, stopping, failures, and cameras
/// that come and go while the app runs.
extension CaptureController {
    /// Seconds between checks while the camera is busy, or unplugged and its provider cannot watch.
    static let retrySeconds = 2.0

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
                self.startWatching()
                let description = try self.pick(from: listed)
                let opened = try provider.openCamera(description)
                opened.setFailureHandler { [weak self] failure in
                    Task { @MainActor in self?.camera(opened, reported: failure) }
                }
                self.camera = opened
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
    /// provider must not be asked before access was granted).
    func startWatching() {
        guard watch == nil else { return }
        watch = provider.watchCameras { [weak self] listed in
            Task { @MainActor in self?.camerasChanged(listed) }
        }
    }

    /// The provider's list changed: a camera came, went, or came back.
    func camerasChanged(_ listed: [CameraDescription]) {
        cameras = listed
        let present = Set(listed.map(\.id))
        let currentPresent = currentCameraID.map(present.contains) ?? false
        switch flow.state {
        case .noCamera:
            if !listed.isEmpty {
                if let wanted = preferredCameraID, !present.contains(wanted) { preferredCameraID = nil }
                send(.cameraAvailable)
            }
        case .disconnected:
            if currentPresent || (preferredCameraID == nil && !listed.isEmpty) { send(.cameraAvailable) }
        case .failed(.unknownCamera(let id)) where id == preferredCameraID && present.contains(id):
            send(.cameraAvailable)
        case .failed(.failed(let camera, _)) where currentCameraID != nil && !currentPresent:
            // It stopped sending pictures, and now its node is gone too: it
            // was unplugged, and it may come back (the stall is told first).
            send(.cameraFailed(.disconnected(camera: camera)))
            camerasChanged(listed)
            return
        case .live, .capturing, .recording:
            // A PipeWire node can vanish without its stream reporting an error.
            // (Not while starting: a new PipeWire connection sees its nodes a
            // moment late, and a camera that never comes fails its start anyway.)
            if camera != nil, let id = currentCameraID, !currentPresent {
                send(.cameraFailed(.disconnected(camera: name(of: id))))
                // The same list may already hold another camera to go on with.
                camerasChanged(listed)
                return
            }
        case .reviewing, .editing, .saving:
            if flow.pendingCameraFailure != nil, currentPresent {
                send(.cameraAvailable)
            } else if flow.pendingCameraFailure == nil, !flow.cameraNeedsRestart, camera != nil, let id = currentCameraID, !currentPresent {
                send(.cameraFailed(.disconnected(camera: name(of: id))))
            }
        default:
            break
        }
        onChange?()
    }

    /// The name a person knows a camera by, from its id.
    private func name(of id: String) -> String {
        if let camera, camera.cameraDescription.id == id { return camera.cameraDescription.name }
        return cameras.first { $0.id == id }?.name ?? id
    }

    /// While the camera is busy (or unplugged and unwatched), tries again every few seconds.
    func scheduleRetry() {
        let retrying: Bool
        switch flow.state {
        case .failed(.busy): retrying = true
        case .disconnected: retrying = watch == nil
        default: retrying = false
        }
        guard retrying else {
            retryTask?.cancel()
            retryTask = nil
            return
        }
        guard retryTask == nil else { return }
        let ticker = self.ticker
        retryTask = Task { @MainActor in
            while !Task.isCancelled {
                do { try await ticker.wait(seconds: Self.retrySeconds) } catch { return }
                switch self.flow.state {
                case .failed(.busy):
                    self.retryTask = nil
                    self.send(.tryAgain)
                    return
                case .disconnected:
                    if let listed = try? await self.provider.cameras() { self.camerasChanged(listed) }
                default:
                    self.retryTask = nil
                    return
                }
            }
        }
    }
}
