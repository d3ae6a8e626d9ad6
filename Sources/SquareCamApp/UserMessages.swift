import SquareCamController
import SquareCamCore
import SquareCamImaging

/// The lower layers' sentences (camera failures, write errors), in the
/// user's language. The English originals live with the types, for the
/// command line and the logs; the app says the same things through gettext.
@MainActor
enum UserMessages {
    static func describe(_ problem: CaptureProblem) -> String {
        switch problem {
        case .camera(let failure): describe(failure)
        case .write(let error): describe(error)
        case .other(let text): text
        }
    }

    static func describe(_ failure: CameraFailure) -> String {
        switch failure {
        case .noCamera:
            localized("No camera found. Connect a camera, or use the test pattern.")
        case .permissionDenied(let camera):
            localized("No permission to use the camera {camera}. Allow it in Settings › Privacy › Camera, or add yourself to the 'video' group.", ["camera": camera])
        case .permissionRestricted(let camera):
            localized("The camera {camera} is restricted by a system policy. Ask the administrator of this computer to allow it.", ["camera": camera])
        case .busy(let camera):
            localized("The camera {camera} is in use by another program. Close that program and try again.", ["camera": camera])
        case .disconnected(let camera):
            localized("The camera {camera} was disconnected. Plug it in again and try again.", ["camera": camera])
        case .failed(let camera, let detail):
            // The detail is the driver's or GStreamer's own words, or the controller's sentence below.
            localized("The camera {camera} failed: {detail}", ["camera": camera, "detail": translatedDetail(detail)])
        case .unknownCamera(let id):
            localized("No camera has the id '{id}'.", ["id": id])
        case .pipeWireUnreachable:
            // The portal's reason is in the debug log; a person needs what to do.
            localized("SquareCam cannot reach PipeWire, which brings the cameras' pictures. Start PipeWire and WirePlumber ({command}); the camera comes back by itself.",
                      ["command": CameraFailure.startPipeWireCommand])
        case .portalUnavailable:
            localized("SquareCam runs in a sandbox and can reach cameras only through the camera portal, which is not running. Install xdg-desktop-portal and your desktop's portal backend, log out and in again, then try again.")
        }
    }

    static func describe(_ error: PhotoWriteError) -> String {
        switch error {
        case .folderMissing(let path):
            localized("The folder {path} does not exist. Create it or choose another folder.", ["path": path])
        case .notAFolder(let path):
            localized("{path} is not a folder. Choose a folder to save into.", ["path": path])
        case .readOnly(let path):
            localized("Cannot write {path}: the disk is read-only. Choose a folder on a writable disk.", ["path": path])
        case .permissionDenied(let path):
            localized("No permission to write {path}. Choose a folder you can write to, or change its permissions.", ["path": path])
        case .diskFull(let path):
            localized("Cannot write {path}: the disk is full. Free some space and try again.", ["path": path])
        case .alreadyExists(let path):
            localized("{path} already exists. Choose another name, or allow replacing it.", ["path": path])
        case .io(let path, let reason):
            localized("Cannot write {path}: {reason}.", ["path": path, "reason": reason])
        }
    }

    /// The controller's own detail sentence, translated; a driver's words pass as they are.
    private static func translatedDetail(_ detail: String) -> String {
        detail == CaptureController.notRunningDetail ? localized("it is not running.") : detail
    }
}
