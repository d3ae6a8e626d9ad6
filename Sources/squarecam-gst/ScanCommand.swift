import SquareCamCapture
import SquareCamCodes
import SquareCamCommandLine
import SquareCamCore

/// `squarecam scan`: the text of the first QR code a camera sees.
enum ScanCommand: Command {
    static let spec = CommandSpec.scan
    /// zbar takes about 13 ms on a textured 960x540 frame: five looks a second
    /// find a code held up within a fifth of a second for 7 % of one core.
    static let looksPerSecond = 5.0

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let request = try ScanRequest(arguments)
        // zbar first: without it the camera is not worth asking for.
        let reader: CodeReader
        do {
            reader = try CodeReader()
        } catch {
            Console.report(error.description)
            return .failure
        }
        let camera: GStreamerCamera
        do throws(CommandCameras.CommandExit) {
            let access = try await CommandCameras.access(for: request.camera)
            let description = try access.pick(request.camera, requireCamera: request.requireCamera)
            camera = try access.open(description, CameraConfiguration(
                requestedMode: request.mode, purpose: .analysis, analysis: true))
        } catch {
            return error.code
        }
        return await scan(with: camera, reader: reader, request)
    }

    private static func scan(with camera: GStreamerCamera, reader: CodeReader, _ request: ScanRequest) async -> ExitCode {
        let outcome = ScanOutcome()
        camera.setFailureHandler { outcome.finish(.cameraFailed($0)) }
        camera.setAnalyser(FrameAnalyser(name: "codes", framesPerSecond: looksPerSecond) { analysed in
            // Several codes in view: the first zbar lists is as good as any.
            if let code = reader.codes(in: analysed.frame).first {
                outcome.finish(.read(code.scaled(by: analysed.scale)))
            }
        })
        do {
            try await camera.start()
        } catch {
            await camera.stop()
            let failure = error as? CameraFailure
                ?? .failed(camera: camera.cameraDescription.name, detail: String(describing: error))
            Console.report(failure.description)
            return ExitCode(failure)
        }
        // The time counts from the first frame: a camera slow to start (a
        // portal's question) does not eat into it.
        let started = ContinuousClock.now
        let deadline = started + .seconds(request.timeoutSeconds)
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            outcome.finish(.timedOut)
        }
        let progress = Console.errorIsTerminal ? Task { await showProgress(until: deadline) } : nil
        let ending = await outcome.ending
        timer.cancel()
        progress?.cancel()
        if progress != nil { Console.error("\r\u{1B}[K") }
        camera.removeAnalyser(named: "codes")
        await camera.stop()
        switch ending {
        case .read(let code):
            Console.out(request.json
                ? ScanReport(code, camera: camera.cameraDescription, seconds: started.duration(to: .now).inSeconds).json + "\n"
                : code.text + "\n")
            return .success
        case .timedOut:
            Console.report("No QR code was read within \(request.timeoutSeconds.shortText) s: hold it closer to the camera, steady and well lit, or give --timeout more seconds.")
            return .failure
        case .cameraFailed(let failure):
            Console.report(failure.description)
            return ExitCode(failure)
        }
    }

    /// Every second, on a terminal: that it is looking, and how long it will go on.
    private static func showProgress(until deadline: ContinuousClock.Instant) async {
        while !Task.isCancelled {
            let left = max(0, Int(ContinuousClock.now.duration(to: deadline).inSeconds.rounded(.up)))
            Console.error("\r\u{1B}[KLooking for a QR code… \(left) s left (Ctrl+C stops)")
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
