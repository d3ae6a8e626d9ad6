import Foundation
import SquareCamCore
import Synchronization

/// Lists the portal's cameras in another process, `squarecam-capture devices
/// --json`, for the app. Listing goes through GStreamer's PipeWire device
/// provider, and gstreamer1.0-pipewire 0.3.65's can crash its process while
/// PipeWire restarts (a read through its freed core, on its own thread): 4 of
/// 25 and 3 of 30 restarts took the app down here. In a helper it costs a retry.
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["devices", "--json"]
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper \(program) could not start (\(error)).")))
        }
        // SIGKILL: a child can inherit SIGTERM blocked (the signal mask
        // passes through posix_spawn), and a hung helper is owed no cleanup.
        let timedOut = Atomic<Bool>(false)
        let stopper = DispatchWorkItem {
            timedOut.store(true, ordering: .releasing)
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: stopper)
        // Both pipes are read to their end, the errors on a thread of their
        // own, so a helper with a lot to say never blocks on a full pipe.
        let complaint = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            complaint.withLock { $0 = data }
            errorsRead.signal()
        }
        let listed = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        stopper.cancel()
        if timedOut.load(ordering: .acquiring) {
            return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper did not answer within \(Int(timeout)) s.")))
        }
        if process.terminationReason == .uncaughtSignal {
            return .crashed(signal: process.terminationStatus)
        }
        switch process.terminationStatus {
        case 0:
            guard let cameras = try? JSONDecoder().decode([CameraDescription].self, from: listed) else {
                return .ended(.failure(.failed(camera: "PipeWire", detail: "the camera list helper printed no camera list.")))
            }
            return .ended(.success(cameras.filter { $0.facing != .virtual }))
        case 4:  // ExitCode.permissionDenied: the portal refused
            return .ended(.failure(.permissionDenied(camera: "on this computer")))
        default:
            let text = String(decoding: complaint.withLock { $0 }, as: UTF8.self)
            let reason = text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .ended(.failure(.failed(camera: "PipeWire", detail: reason)))
        }
    }
}
