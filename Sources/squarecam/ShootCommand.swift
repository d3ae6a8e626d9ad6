import Foundation
import SquareCamCapture
import SquareCamCore
import SquareCamImaging

/// `squarecam shoot`: one square photo from a camera, without a window.
enum ShootCommand: Command {
    static let spec = CommandSpec(
        name: "shoot",
        summary: "Takes one square photo (the centre square of the camera frame) and prints where it was saved.",
        usage: "[options]",
        options: [
            .value("camera", short: "c", "CAMERA", "auto (default: the first real camera, else the test pattern), test[:WxH[@FPS]], file:PATH, or an id from 'squarecam devices'."),
            .value("size", short: "s", "N", "Side of the saved square in pixels (default: the full-resolution square)."),
            .value("quality", short: "q", "Q", "JPEG quality, 1-100 (default 92)."),
            .value("output", short: "o", "FILE|DIR", "Where to save: a .jpg file, or a folder to save into under a time-stamped name (default: the Pictures/Camera folder)."),
            .flag("overwrite", "Replace the --output file if it exists (otherwise that is an error)."),
            .value("delay", short: "d", "S", "Wait S seconds (decimals allowed) after the camera starts before taking the photo."),
            .value("mode", short: "m", "WxH[@FPS]", "Ask the camera for this mode (see 'squarecam devices'); without it the nearest one it offers is used."),
            .value("skip", "N", "Skip the first N frames, while a webcam's exposure settles (default 0 for the test pattern, 5 for real cameras)."),
            .value("count", short: "n", "N", "Take N photos (default 1), one every --interval seconds, each printed as it is saved."),
            .value("interval", "S", "Seconds between photos with --count (default 0: as fast as the camera delivers)."),
            .flag("mirror", "Save the photo mirrored left to right, as a front camera's viewfinder shows it."),
            .flag("require-camera", "Fail (exit 3) instead of falling back to the test pattern when no real camera is found."),
            .flag("json", "Print a JSON object (path, width, height, camera, timings) instead of the path."),
        ],
        acceptsOperands: false,
        examples: [
            ("squarecam shoot", "a photo from the first camera into ~/Pictures/Camera"),
            ("squarecam shoot --size 1080 --output avatar.jpg", "a 1080x1080 photo saved as avatar.jpg"),
            ("squarecam shoot --camera /dev/video2 --delay 3 --skip 10", "wait for exposure, then shoot from the second camera"),
            ("squarecam shoot --camera test:3840x2160 --json", "a 2160x2160 test photo; prints path, size and timings as JSON"),
            ("squarecam shoot --count 10 --interval 60 --output timelapse/", "a photo a minute for ten minutes"),
        ],
        notes: [ExitCode.helpParagraph([.success, .usage, .noCamera, .permissionDenied, .cameraFailed, .writeFailed])]
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let request = try ShootRequest(arguments)
        if case .file(let path) = request.camera, !FileManager.default.fileExists(atPath: path) {
            Console.report("There is no image at \(path) to use as a camera. Check the path after file:.")
            return .noCamera
        }
        let camera: GStreamerCamera
        do {
            let resolved = try CameraDirectory.resolve(request.camera, requireRealCamera: request.requireCamera)
            if resolved.usedTestFallback {
                Console.report("warning: no camera found; using the test pattern (--require-camera makes this an error).")
            }
            let isReal = resolved.description.facing != .virtual
            let configuration = CameraConfiguration(
                skipFrames: request.skipFrames ?? (isReal ? 5 : 0), requestedMode: request.mode, purpose: .still)
            camera = try GStreamerCamera(description: resolved.description, configuration: configuration)
        } catch let failure as CameraFailure {
            Console.report(failure.description)
            return exitCode(for: failure)
        } catch let error as CameraSpecError {
            Console.report(error.description)
            return .noCamera
        } catch {
            Console.report(String(describing: error))
            return .failure
        }
        return await shoot(with: camera, request)
    }

    private static func shoot(with camera: GStreamerCamera, _ request: ShootRequest) async -> ExitCode {
        do {
            try await camera.start()
        } catch {
            await camera.stop()
            return report(error, camera: camera)
        }
        let firstFrame = ContinuousClock.now
        for shot in 1...request.count {
            let wait = shot == 1 ? request.delaySeconds : request.intervalSeconds
            if wait > 0 {
                try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
            let shutter = ContinuousClock.now
            let frame: Frame
            do {
                frame = try await camera.capturePhoto()
            } catch {
                await camera.stop()
                return report(error, camera: camera)
            }
            if shot == request.count {
                // The last photo is in memory: release the camera while it is encoded and written.
                Task { await camera.stop() }
            }
            let saved: SavedPhoto
            do {
                saved = try save(frame, request, camera: camera.cameraDescription)
            } catch {
                await camera.stop()
                Console.report((error as? PhotoWriteError)?.description ?? "could not make the photo: \(error)")
                return error is PhotoWriteError ? .writeFailed : .failure
            }
            let timings = ShootTimings(
                launchToFirstFrame: processLaunch.duration(to: firstFrame),
                shutterToFile: shutter.duration(to: .now)
            )
            Console.out(request.json
                ? ShootReport(path: saved.path, size: saved.size, camera: camera, timings: timings).json + "\n"
                : saved.path + "\n")
        }
        await camera.stop()
        return .success
    }

    /// Says what went wrong with the camera; returns the exit code for it.
    private static func report(_ error: any Error, camera: GStreamerCamera) -> ExitCode {
        let failure = error as? CameraFailure
            ?? .failed(camera: camera.cameraDescription.name, detail: String(describing: error))
        Console.report(failure.description)
        return exitCode(for: failure)
    }

    private struct SavedPhoto {
        let path: String
        let size: PixelSize
    }

    private static func save(_ frame: Frame, _ request: ShootRequest, camera: CameraDescription) throws -> SavedPhoto {
        let options = SquarePhoto.Options(side: request.side, mirrored: request.mirror, quality: request.quality)
        let date = Date()
        let photo = try SquarePhoto.encode(frame, options: options, camera: camera, date: date)
        let path: String
        switch request.destination {
        case .file(let file):
            try AtomicFileWriter.write(photo.jpeg, toPath: file, replaceExisting: request.overwrite)
            path = file
        case .folder(let folder):
            path = try PhotoLibrary(folder: folder).save(photo.jpeg, name: { PhotoFileName().name(for: date, sequence: $0) })
        case .library:
            path = try PhotoLibrary.standard().save(photo.jpeg, name: { PhotoFileName().name(for: date, sequence: $0) })
        }
        return SavedPhoto(path: path, size: photo.size)
    }

    static func exitCode(for failure: CameraFailure) -> ExitCode {
        switch failure {
        case .noCamera: .noCamera
        case .permissionDenied, .permissionRestricted: .permissionDenied
        case .busy, .disconnected, .failed: .cameraFailed
        }
    }
}
