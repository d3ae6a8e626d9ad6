import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import QuartzCore
import SquareCamAppleLogic
import SquareCamCore

/// One phone camera for the shared controller: an `AVCaptureSession` with
/// the `.photo` preset, whose video data output keeps the latest frame
/// (zero shutter lag: the shutter copies it, upright) and whose preview is
/// the system's `AVCaptureVideoPreviewLayer` (see CameraPreview).
final class AVFoundationCamera: NSObject, Camera, @unchecked Sendable {
    let cameraDescription: CameraDescription
    /// The session the preview layer shows.
    let session = AVCaptureSession()
    private let device: AVCaptureDevice
    private let output = AVCaptureVideoDataOutput()
    /// AVCaptureSession's calls block: they run here, never on the main thread.
    private let sessionQueue = DispatchQueue(label: "squarecam.session")
    private let frameQueue = DispatchQueue(label: "squarecam.frames")
    /// How far to turn a frame for the photo to be level, as the phone is held now.
    private let captureRotation: AVCaptureDevice.RotationCoordinator

    // Guarded by `lock`: written by the frame queue, read by the shutter.
    private let lock = NSLock()
    private var latest: CVPixelBuffer?
    private var firstFrame: CheckedContinuation<Void, any Error>?
    private var failureHandler: (@Sendable (CameraFailure) -> Void)?
    private var framing: LiveFraming?
    private var observers: [any NSObjectProtocol] = []

    init(device: AVCaptureDevice, description: CameraDescription) {
        self.device = device
        cameraDescription = description
        captureRotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: nil)
        super.init()
    }

    func start() async throws {
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            lock.withLock { firstFrame = waiter }
            watchFailures()
            sessionQueue.async {
                do {
                    try self.configure()
                    self.session.startRunning()
                } catch {
                    self.finishStarting(throwing: error)
                }
            }
        }
    }

    private func configure() throws(CameraFailure) {
        session.beginConfiguration()
        defer { session.commitConfiguration() }
        session.sessionPreset = .photo
        let input: AVCaptureDeviceInput
        do {
            input = try AVCaptureDeviceInput(device: device)
        } catch {
            throw .failed(camera: cameraDescription.name, detail: error.localizedDescription)
        }
        guard session.canAddInput(input) else { throw .busy(camera: cameraDescription.name) }
        session.addInput(input)
        // 32BGRA: one plane, which UprightFrame turns into the shared RGBA Frame.
        output.videoSettings = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
        output.alwaysDiscardsLateVideoFrames = true
        output.setSampleBufferDelegate(self, queue: frameQueue)
        guard session.canAddOutput(output) else { throw .failed(camera: cameraDescription.name, detail: CameraFailureDetail.noVideoOutput.rawValue) }
        session.addOutput(output)
    }

    /// A runtime error or the camera unplugged: the controller hears it once, and a waiting start fails.
    private func watchFailures() {
        let center = NotificationCenter.default
        let name = cameraDescription.name
        let runtime = center.addObserver(forName: AVCaptureSession.runtimeErrorNotification, object: session, queue: nil) { [weak self] note in
            let detail = (note.userInfo?[AVCaptureSessionErrorKey] as? any Error)?.localizedDescription ?? CameraFailureDetail.sessionStopped.rawValue
            self?.fail(.failed(camera: name, detail: detail))
        }
        let unplugged = center.addObserver(forName: AVCaptureDevice.wasDisconnectedNotification, object: device, queue: nil) { [weak self] _ in
            self?.fail(.disconnected(camera: name))
        }
        lock.withLock { observers = [runtime, unplugged] }
    }

    private func fail(_ failure: CameraFailure) {
        let (waiter, handler) = lock.withLock {
            defer { firstFrame = nil; failureHandler = nil }
            return (firstFrame, failureHandler)
        }
        if let waiter { waiter.resume(throwing: failure) } else { handler?(failure) }
    }

    private func finishStarting(throwing error: any Error) {
        let waiter = lock.withLock {
            defer { firstFrame = nil }
            return firstFrame
        }
        waiter?.resume(throwing: error)
    }

    func stop() async {
        let removed = lock.withLock {
            defer { observers = []; latest = nil; failureHandler = nil }
            return observers
        }
        removed.forEach(NotificationCenter.default.removeObserver)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            sessionQueue.async {
                self.session.stopRunning()
                done.resume()
            }
        }
        finishStarting(throwing: CameraFailure.failed(camera: cameraDescription.name, detail: CameraFailureDetail.stoppedBeforeFirstFrame.rawValue))
    }

    func capturePhoto() async throws -> Frame {
        guard let buffer = lock.withLock({ latest }) else {
            throw CameraFailure.failed(camera: cameraDescription.name, detail: CameraFailureDetail.notRunning.rawValue)
        }
        let angle = await MainActor.run { Double(self.captureRotation.videoRotationAngleForHorizonLevelCapture) }
        return Self.uprightFrame(of: buffer, orientation: CaptureRotation.photoOrientation(clockwiseDegrees: angle))
    }

    /// The pixels copied out while the buffer is locked for reading.
    private static func uprightFrame(of buffer: CVPixelBuffer, orientation: Orientation) -> Frame {
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let width = CVPixelBufferGetWidth(buffer), height = CVPixelBufferGetHeight(buffer)
        let bytesPerRow = CVPixelBufferGetBytesPerRow(buffer)
        let bytes = UnsafeRawBufferPointer(start: CVPixelBufferGetBaseAddress(buffer), count: bytesPerRow * height)
        return UprightFrame.rgba(fromBGRA: bytes, width: width, height: height, bytesPerRow: bytesPerRow, orientation: orientation)
    }

    /// The preview layer draws the viewfinder itself, so no frames are handed out.
    func setViewfinder(side: Int, mirrored: Bool, handler: (@Sendable (ScreenPicture) -> Void)?) {}

    /// Kept for the controller; the phone's preview has no zoom or pan, so
    /// the square shown and saved is the centred one (see README).
    func setFraming(_ framing: LiveFraming?) {
        lock.withLock { self.framing = framing }
    }

    func setFailureHandler(_ handler: (@Sendable (CameraFailure) -> Void)?) {
        lock.withLock { failureHandler = handler }
    }

    /// Shows this camera in `layer`: filling a square, level with the
    /// screen, mirrored for a front camera only (the photo never is).
    @MainActor
    func attachPreview(_ layer: AVCaptureVideoPreviewLayer) {
        layer.session = session
        layer.videoGravity = .resizeAspectFill
        guard let connection = layer.connection else { return }
        let angle = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: layer).videoRotationAngleForHorizonLevelPreview
        if connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }
        if connection.isVideoMirroringSupported {
            connection.automaticallyAdjustsVideoMirroring = false
            connection.isVideoMirrored = CaptureRotation.previewIsMirrored(cameraDescription.facing)
        }
    }
}

extension AVFoundationCamera: AVCaptureVideoDataOutputSampleBufferDelegate {
    /// Keeps the newest frame (the one before is let go at once, so the
    /// output's buffer pool never runs dry) and ends a waiting start.
    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
        guard let buffer = CMSampleBufferGetImageBuffer(sampleBuffer) else { return }
        let waiter = lock.withLock {
            latest = buffer
            defer { firstFrame = nil }
            return firstFrame
        }
        waiter?.resume()
    }
}
