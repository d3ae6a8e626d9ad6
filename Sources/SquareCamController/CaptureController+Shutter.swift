import Foundation
import SquareCamCore

/// The shutter, the countdown, and saving.
extension CaptureController {
    /// The shutter button, Space or Enter (the flow counts down first when a
    /// timer is set, and stops the countdown when pressed during it).
    /// Ignored where no shutter is shown.
    public func shutterPressed() {
        guard flow.state == .live || flow.state == .recording else { return }
        send(.shutter)
    }

    /// The square at the size and quality the preferences ask for (never enlarged).
    func encodingOptions(for crop: PixelRect) -> SquarePhotoOptions {
        let side = preferences.photoSide.flatMap { $0 < crop.width ? $0 : nil }
        return SquarePhotoOptions(region: crop, side: side, quality: preferences.jpegQuality)
    }

    /// Why the shutter took nothing when no camera is open.
    public static let notRunningDetail = "it is not running."

    /// Ticks every second for the flow's countdown until it says stop.
    func startCountdown() {
        countdownTask?.cancel()
        let ticker = self.ticker
        countdownTask = Task { @MainActor in
            while !Task.isCancelled {
                do { try await ticker.wait(seconds: 1) } catch { return }
                guard !Task.isCancelled else { return }
                self.send(.countdownTick)
            }
        }
    }

    func stopCountdown() {
        countdownTask?.cancel()
        countdownTask = nil
    }

    func capture() {
        guard let camera else {
            let failure = CameraFailure.failed(camera: currentCameraID ?? "camera", detail: Self.notRunningDetail)
            track { self.captureFailed(failure) }
            return
        }
        onNotice?(.shutter)
        let id = nextShotID
        nextShotID += 1
        let description = camera.cameraDescription
        track {
            do {
                let frame = try await camera.capturePhoto()
                guard self.flow.state == .capturing else { return }
                // Exactly the square the viewfinder showed (zoomed, panned, on a face).
                let photo = CapturedPhoto(id: id, frameSize: frame.size, crop: self.framing.shownSquare(in: frame.size))
                self.shots[id] = Shot(frame: frame, camera: description, date: Date(), encoder: self.photos.encoder)
                self.send(.photoCaptured(photo))
                // Encoded once the review is up (the front end draws it during
                // `send`), so the encoder does not compete with it for the
                // cores; Save waits for it only if it must. Saving without
                // review has already encoded it.
                if case .reviewing = self.flow.state { self.shots[id]?.startEncoding(self.encodingOptions(for: photo.crop)) }
            } catch {
                self.captureFailed(error)
            }
        }
    }

    private func captureFailed(_ error: any Error) {
        captureProblem = CaptureProblem(error)
        send(.captureFailed(message: "\(error)"))
        captureProblem = nil
    }

    /// Writes the photo's square into the photos folder, or to `path` (Save As…, replacing what is there).
    func save(_ photo: CapturedPhoto, to path: String?) {
        saveProblem = nil
        guard let shot = shots[photo.id] else { return }
        let library = photoLibrary
        let options = encodingOptions(for: photo.crop)
        track {
            let result: Result<String, any Error> = await Task.detached {
                do {
                    let bytes = try await shot.file(options, shape: photo.shape)
                    if let path {
                        try library.write(bytes, toPath: path)
                        return .success(path)
                    }
                    let date = shot.date, names = PhotoFileName(fileExtension: photo.shape.fileExtension)
                    return .success(try library.save(bytes) { names.name(for: date, sequence: $0) })
                } catch {
                    return .failure(error)
                }
            }.value
            switch result {
            case .success(let saved):
                self.send(.photoSaved(path: saved))
            case .failure(let error):
                self.saveProblem = CaptureProblem(error)
                self.onNotice?(.saveFailed(CaptureProblem(error)))
                self.send(.saveFailed(message: "\(error)"))
            }
        }
    }
}
