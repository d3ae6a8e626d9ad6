#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore
import Synchronization

/// One `squarecam record` from start to the finished file: starts the
/// camera, waits for whatever ends the recording, ends it with
/// end-of-stream, and gives the file its name (repaired when it was cut off).
struct RecordSession {
    let camera: GStreamerCamera
    let file: RecordingFile
    let request: RecordRequest
    let microphone: MicrophoneSource?

    /// What ended the recording.
    enum Ending: Sendable {
        case duration
        case signal(Int32)
        case recordingFailed(RecordingFailure)
        case cameraFailed(CameraFailure)
    }

    /// How long after `--duration` of wall time a recording whose frames lag is ended anyway.
    static let durationGraceSeconds = 10.0

    func run() async -> ExitCode {
        let (endings, reportEnding) = AsyncStream.makeStream(of: Ending.self)
        let signals = Self.catchStopSignals { reportEnding.yield(.signal($0)) }
        defer { signals.forEach { $0.cancel() } }
        let microphoneProblem = Warning()
        camera.setFailureHandler { reportEnding.yield(.cameraFailed($0)) }
        camera.setRecordingLimitHandler { reportEnding.yield(.duration) }
        camera.setRecordingFailureHandler { failure in
            // Without its microphone the recording goes on, silent: say so once.
            if case .microphone = failure {
                microphoneProblem.once(failure.description + " The recording goes on without sound.")
            } else {
                reportEnding.yield(.recordingFailed(failure))
            }
        }
        do {
            try await camera.start()
        } catch {
            await camera.stop()
            _ = try? file.finish()  // nothing recorded: removed
            let failure = error as? CameraFailure
                ?? .failed(camera: camera.cameraDescription.name, detail: String(describing: error))
            return CommandCameras.CommandExit(reporting: failure).code
        }
        let started = ContinuousClock.now
        if let seconds = request.durationSeconds {
            // The file ends at --duration of stream time (RecordingTap drops
            // what comes later), which the limit handler reports; this is for
            // a camera whose frames stop coming before that. Generous: on a
            // starved machine the frames' times fall seconds behind the wall
            // clock, and ending early would cut frames the file should hold.
            Task {
                try? await Task.sleep(until: started + .seconds(seconds + Self.durationGraceSeconds), clock: .continuous)
                reportEnding.yield(.duration)
            }
        }
        let heartbeat = Task { await beat(from: started, microphoneProblem: microphoneProblem) }
        var ending = Ending.duration
        for await first in endings {
            ending = first
            break
        }
        heartbeat.cancel()
        if Console.errorIsTerminal { Console.error("\r\u{1B}[K") }
        return await finish(after: ending)
    }

    /// Every second: the file's data to the disk, the time on a terminal,
    /// and a word when the microphone has given nothing for two seconds.
    private func beat(from started: ContinuousClock.Instant, microphoneProblem: Warning) async {
        var tick = 0
        while !Task.isCancelled {
            tick += 1
            try? await Task.sleep(until: started + .seconds(tick), clock: .continuous)
            file.syncData()
            if tick == 2, microphone != nil, camera.recordingStatistics?.microphoneBuffers == 0 {
                microphoneProblem.once("The microphone (\(microphone?.name ?? "")) gives no sound: the recording goes on with a silent sound track. Check it in the sound settings, or use --microphone none.")
            }
            if Console.errorIsTerminal, !Task.isCancelled {
                Console.error("\r\u{1B}[KRecording \(clockText(seconds: tick)) (Ctrl+C stops)")
            }
        }
    }

    private func finish(after ending: Ending) async -> ExitCode {
        var code = ExitCode.success
        switch ending {
        case .duration, .signal:
            if await !camera.endRecording() {
                Console.report("warning: the recording did not end in time; its file is finished from what was written.")
            }
        case .recordingFailed(let failure):
            // The sink failed: no end-of-stream can pass it any more.
            Console.report(failure.description + " The recording up to then is kept.")
            if case .cannotWrite = failure { code = .writeFailed } else { code = .failure }
        case .cameraFailed(let failure):
            Console.report(failure.description + " The recording up to then is kept.")
            code = ExitCode(failure)
        }
        let statistics = camera.recordingStatistics
        await camera.stop()
        let finished: FinishedRecording
        do {
            finished = try file.finish()
        } catch {
            Console.report(error.description)
            return code == .success ? (error == .empty ? .failure : .writeFailed) : code
        }
        if finished.wasRepaired, code == .success {
            Console.report("warning: the recording was cut off at the end; the file was finished up to its last whole frame.")
        }
        Console.out(request.json
            ? RecordReport(finished, statistics: statistics, camera: camera, microphone: microphone).json + "\n"
            : finished.path + "\n")
        return code
    }

    /// SIGINT, SIGTERM and SIGHUP end the recording (and keep it) instead of the process.
    private static func catchStopSignals(_ action: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { action(number) }
            source.resume()
            return source
        }
    }
}

/// A warning printed at most once, from any thread.
private final class Warning: Sendable {
    private let said = Mutex(false)

    func once(_ message: String) {
        guard !said.withLock({ let was = $0; $0 = true; return was }) else { return }
        // Over the progress line, which only a terminal shows.
        if Console.errorIsTerminal { Console.error("\r\u{1B}[K") }
        Console.report("warning: " + message)
    }
}
