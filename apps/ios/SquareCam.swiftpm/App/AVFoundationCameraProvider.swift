import AVFoundation
import SquareCamAppleLogic
import SquareCamCore

/// The phone's cameras for the shared controller: AVFoundation's
/// authorization, a discovery session's devices (chosen and ordered by
/// `CameraChoice`), and a camera per device. Every AVCaptureDevice query
/// for the list is in this file.
final class AVFoundationCameraProvider: CameraProvider {
    let kind = "avfoundation"

    func authorizationStatus() async -> CameraAuthorization {
        Self.status().cameraAuthorization
    }

    func hasCameras() async -> Bool? {
        !Self.discoveredDevices().isEmpty
    }

    func requestAccess() async -> CameraAuthorization {
        let granted = await AVCaptureDevice.requestAccess(for: .video)
        return CameraAuthorization.afterRequest(granted: granted, statusNow: Self.status())
    }

    func cameras() async throws -> [CameraDescription] {
        switch Self.status() {
        case .authorized: return CameraChoice.cameras(from: Self.discoveredDevices())
        case .restricted: throw CameraFailure.permissionRestricted(camera: "camera")
        case .denied, .notDetermined: throw CameraFailure.permissionDenied(camera: "camera")
        }
    }

    func watchCameras(_ handler: @escaping @Sendable ([CameraDescription]) -> Void) -> (any CameraWatch)? {
        DeviceWatch { handler(CameraChoice.cameras(from: Self.discoveredDevices())) }
    }

    func openCamera(_ camera: CameraDescription) throws -> any Camera {
        guard let device = AVCaptureDevice(uniqueID: camera.id) else { throw CameraFailure.disconnected(camera: camera.name) }
        return AVFoundationCamera(device: device, description: camera)
    }

    private static func status() -> CaptureAuthorizationStatus {
        CaptureAuthorizationStatus(appleRawValue: AVCaptureDevice.authorizationStatus(for: .video).rawValue)
    }

    /// Every camera kind `CaptureDeviceKind` names, at any position, as plain facts.
    static func discoveredDevices() -> [DiscoveredDevice] {
        let session = AVCaptureDevice.DiscoverySession(deviceTypes: CaptureDeviceKind.allCases.map(deviceType(for:)),
                                                       mediaType: .video, position: .unspecified)
        return session.devices.compactMap { device in
            guard let kind = CaptureDeviceKind.allCases.first(where: { deviceType(for: $0) == device.deviceType }) else { return nil }
            return DiscoveredDevice(uniqueID: device.uniqueID, localizedName: device.localizedName,
                                    position: CaptureDevicePosition(appleRawValue: device.position.rawValue), kind: kind)
        }
    }

    private static func deviceType(for kind: CaptureDeviceKind) -> AVCaptureDevice.DeviceType {
        switch kind {
        case .builtInTripleCamera: .builtInTripleCamera
        case .builtInDualWideCamera: .builtInDualWideCamera
        case .builtInDualCamera: .builtInDualCamera
        case .builtInWideAngleCamera: .builtInWideAngleCamera
        case .external: .external
        }
    }
}
