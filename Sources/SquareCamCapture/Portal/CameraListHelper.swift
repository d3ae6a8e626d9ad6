import FoundationEssentials
import SquareCamCore

/// Lists the portal's cameras in another process, `squarecam-gst devices
/// --json`, for the app and for the commands that stream (`shoot`, `record`,
/// `scan`). Listing goes through GStreamer's PipeWire device provider, and
/// gstreamer1.0-pipewire 0.3.65's can crash its process while PipeWire
/// restarts, or a moment after a listing while nodes and links come and go
/// (a read through its freed core, on its own thread): 4 of 25 and 3 of 30
/// restarts took the app down here, and `record` died beside other programs
/// linking to the same camera. In a helper it costs a retry.
enum CameraListHelper {
    /// How long the helper may take before it is stopped (it normally ends
    /// in well under a second; a portal that shows a dialog would hang it).
    static let timeoutSeconds = 10.0

    /// How many runs a listing gets when its helper keeps crashing.
    static let crashAttempts = 3

    /// The cameras the helper lists (without the test pattern it adds), run
    /// in `environment` (the session whose portal it asks). A helper that
    /// crashed is started again, up to `crashAttempts` times in all.
    static func cameras(program: String, environment: [String: String],
                        timeout: Double = timeoutSeconds) throws(CameraFailure) -> [CameraDescription] {
        var attempt = 1
        while true {
            switch run(program: program, environment: environment, timeout: timeout) {
            case .ended(let result):
                return try result.get()
            case .crashed where attempt < crashAttempts:
                attempt += 1
            case .crashed(let signal):
                throw .failed(camera: "PipeWire", detail: "the camera list helper ended with signal \(signal), \(crashAttempts) times.")
            }
        }
    }

    private enum Outcome {
        case ended(Result<[CameraDescription], CameraFailure>)
        case crashed(signal: Int32)
    }

    private static func run(program: String, environment: [String: String], timeout: Double) -> Outcome {
        let helper: ChildProcess.Finished
        do {
            helper = try ChildProcess.run(program, arguments: ["devices", "--json"], environment: environment, timeout: timeout)
        } catch {
            return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper \(program) could not start (\(error.reason)).")))
        }
        if helper.timedOut {
            return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper did not answer within \(Int(timeout)) s.")))
        }
        switch helper.ending {
        case .signalled(let signal):
            return .crashed(signal: signal)
        case .exited(status: 0):
            guard let cameras = try? JSONDecoder().decode([CameraDescription].self, from: Data(helper.output)) else {
                return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper printed no camera list.")))
            }
            return .ended(.success(cameras.filter { $0.facing != .virtual }))
        case .exited(status: ExitCode.permissionDenied.rawValue):  // the portal refused
            return .ended(.failure(.permissionDenied(camera: PortalCameraProvider.anyCamera)))
        case .exited(let status):
            // The helper's own failure, passed on as it is: wrapped in one of
            // ours it read "The camera PipeWire failed: squarecam: The camera … failed: …".
            if let problem = try? JSONDecoder().decode(CameraListProblem.self, from: Data(helper.output)) {
                return .ended(.failure(problem.failure))
            }
            let text = String(decoding: helper.errors, as: UTF8.self)
            var reason = text.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
            if reason.hasPrefix(CommandReport.prefix) { reason.removeFirst(CommandReport.prefix.count) }
            return .ended(.failure(.failed(camera: "PipeWire", detail: reason)))
        }
    }
}

/// What `devices --json` prints instead of the camera list when the cameras
/// cannot be listed: for people and scripts the sentence it also writes to
/// standard error, for the camera list helper's parent the failure itself.
public struct CameraListProblem: Codable, Equatable, Sendable {
    /// The sentence, as on standard error (without the program's name).
    public var error: String
    public var failure: CameraFailure

    /// `sentence`: what the command says, when it is not the failure's own description.
    public init(_ failure: CameraFailure, saying sentence: String? = nil) {
        error = sentence ?? failure.description
        self.failure = failure
    }
}
