import AVFoundation
import Foundation
import SquareCamCore

/// Calls back whenever a camera is plugged in or out (an iPad's USB
/// cameras). AVFoundation posts a notification for each; key-value
/// observing a discovery session would tell the same.
final class DeviceWatch: CameraWatch, @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [any NSObjectProtocol] = []

    init(_ changed: @escaping @Sendable () -> Void) {
        let center = NotificationCenter.default
        observers = [AVCaptureDevice.wasConnectedNotification, AVCaptureDevice.wasDisconnectedNotification].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { _ in changed() }
        }
    }

    func cancel() {
        let removed = lock.withLock {
            defer { observers = [] }
            return observers
        }
        removed.forEach(NotificationCenter.default.removeObserver)
    }

    deinit { cancel() }
}
