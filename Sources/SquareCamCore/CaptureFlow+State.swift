extension CaptureFlow {
    /// Where the capture flow is; the UI shows one page per state.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Not started, or shut down.
        case idle
        /// Waiting for the platform to say whether the camera may be used.
        case checkingPermission
        /// Never asked: the app's own page says why it wants the camera (Continue / Not Now).
        case explainingPermission
        /// The user chose Not Now on the explanation: nothing was asked and nothing
        /// stored; the page offers Continue, which asks the platform then.
        case permissionPostponed
        /// The platform's permission question (the portal's dialog) is open; waiting for its answer.
        case askingPermission
        /// The user refused the camera: explain, offer Open Settings and Try Again.
        case permissionDenied
        /// A policy forbids the camera: explain, offer Open Settings and Try Again.
        case permissionRestricted
        /// There is no camera: say so, offer Use Test Pattern.
        case noCamera
        /// The camera is starting; the first frame has not arrived.
        case starting
        /// The viewfinder shows the camera; the shutter works.
        case live
        /// The shutter was pressed; the frame is being taken.
        case capturing
        /// The photo is shown for Retake, Save or Edit.
        case reviewing(CapturedPhoto)
        /// The crop editor is open on the photo.
        case editing(CapturedPhoto)
        /// The photo is being written.
        case saving(CapturedPhoto)
        /// Video mode's shutter was pressed: the camera records while the viewfinder streams on.
        case recording
        /// The recording was stopped; its file is being finished.
        case finishingRecording
        /// The recording is played for Retake or Save.
        case reviewingClip(CapturedClip)
        /// The recording is being given its name in the videos folder.
        case savingClip(CapturedClip)
        /// The camera failed (busy, driver or pipeline error): say why, offer Try Again.
        case failed(CameraFailure)
        /// The camera was unplugged: say so; live again when it comes back.
        case disconnected(camera: String)

        /// The photo this state holds, if any.
        public var photo: CapturedPhoto? {
            switch self {
            case .reviewing(let photo), .editing(let photo), .saving(let photo): photo
            default: nil
            }
        }

        /// The recording this state holds, if any.
        public var clip: CapturedClip? {
            switch self {
            case .reviewingClip(let clip), .savingClip(let clip): clip
            default: nil
            }
        }

        /// True while a recording is written (recording, or being finished).
        public var isRecording: Bool { self == .recording || self == .finishingRecording }

        /// True while the camera may be running (it must be stopped on the way out).
        public var cameraMayBeRunning: Bool {
            switch self {
            case .starting, .live, .capturing, .reviewing, .editing, .saving,
                 .recording, .finishingRecording, .reviewingClip, .savingClip: true
            case .idle, .checkingPermission, .explainingPermission, .permissionPostponed, .askingPermission, .permissionDenied,
                 .permissionRestricted, .noCamera, .failed, .disconnected: false
            }
        }

        /// The state a camera failure leads to.
        init(failure: CameraFailure) {
            switch failure {
            case .noCamera: self = .noCamera
            case .permissionDenied: self = .permissionDenied
            case .permissionRestricted: self = .permissionRestricted
            case .disconnected(let camera): self = .disconnected(camera: camera)
            case .busy, .failed, .unknownCamera, .portalUnavailable, .pipeWireUnreachable: self = .failed(failure)
            }
        }

        public var description: String {
            switch self {
            case .idle: "idle"
            case .checkingPermission: "checkingPermission"
            case .explainingPermission: "explainingPermission"
            case .permissionPostponed: "permissionPostponed"
            case .askingPermission: "askingPermission"
            case .permissionDenied: "permissionDenied"
            case .permissionRestricted: "permissionRestricted"
            case .noCamera: "noCamera"
            case .starting: "starting"
            case .live: "live"
            case .capturing: "capturing"
            case .reviewing(let photo): "reviewing(\(photo))"
            case .editing(let photo): "editing(\(photo))"
            case .saving(let photo): "saving(\(photo))"
            case .recording: "recording"
            case .finishingRecording: "finishingRecording"
            case .reviewingClip(let clip): "reviewingClip(\(clip))"
            case .savingClip(let clip): "savingClip(\(clip))"
            case .failed(let failure): "failed(\(failure))"
            case .disconnected(let camera): "disconnected(\(camera))"
            }
        }
    }
}
