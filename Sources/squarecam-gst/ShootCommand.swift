#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// `squarecam shoot`: one square photo from a camera, without a window.
enum ShootCommand: Command {
    static let spec = CommandSpec.shoot

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let request = try ShootRequest(arguments)
        let access: CommandCameras.Access
        do {
            access = try await CommandCameras.access(for: request.camera)
        } catch {
            return error.code
        }
        let camera: GStreamerCamera
        do {
            let description = try access.pick(request.camera, requireCamera: request.requireCamera)
            let isReal = description.facing != .virtual
            camera = try access.open(description, CameraConfiguration(
                skipFrames: request.skipFrames ?? (isReal ? 5 : 0), requestedMode: request.mode, purpose: .still))
        } catch {
            return error.code
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
        // Photo k is due k-1 intervals after the first, however long each
        // save took, so a time-lapse keeps its pace.
        let firstDue = firstFrame + .seconds(request.delaySeconds)
        var naming = ShootNaming(count: request.count)
        var previousPhoto: ContinuousClock.Instant?
        for shot in 1...request.count {
            let due = firstDue + .seconds(request.intervalSeconds * Double(shot - 1))
            if due > .now {
                try? await Task.sleep(until: due, clock: .continuous)
            }
            let shutter = ContinuousClock.now
            let captured: CapturedFrame
            do {
                // The photo is the centre square unless zoomed or following a
                // face: the rest of the frame is then never copied.
                // After the first, each photo is a frame that came after the
                // previous photo was taken: a new picture, never the last one again.
                captured = try await camera.capturePhoto(arrivedAfter: previousPhoto, layout: .i420, centreSquareOnly: !request.framesFreely)
            } catch {
                await camera.stop()
                return report(error, camera: camera)
            }
            // Taken at the shutter, or later when its frame was waited for.
            previousPhoto = max(shutter, captured.arrived)
            if shot == request.count {
                // The last photo is in memory: release the camera while it is encoded and written.
                Task { await camera.stop() }
            }
            let framed = ShootFraming(captured.frame, request)
            framed.tellWhatWasNotDone(request)
            let saved: SavedPhoto
            do {
                saved = try save(captured.frame, square: framed.square, request, camera: camera.cameraDescription, naming: &naming)
            } catch {
                await camera.stop()
                Console.report((error as? PhotoWriteError)?.description ?? "could not make the photo: \(error)")
                return error is PhotoWriteError ? .writeFailed : .failure
            }
            let timings = ShootTimings(
                launchToFirstFrame: processLaunch.duration(to: firstFrame),
                launchToFrame: processLaunch.duration(to: captured.arrived),
                frameTimestamp: captured.timestamp,
                shutterToFile: shutter.duration(to: .now)
            )
            guard let path = saved.path else { continue }  // -o -: the photo was the output
            Console.out(request.json
                ? ShootReport(path: path, size: saved.size, square: framed.square, faces: framed.faces, camera: camera, timings: timings).json + "\n"
                : path + "\n")
        }
        await camera.stop()
        return .success
    }

    /// Says what went wrong with the camera; returns the exit code for it.
    private static func report(_ error: any Error, camera: GStreamerCamera) -> ExitCode {
        let failure = error as? CameraFailure
            ?? .failed(camera: camera.cameraDescription.name, detail: String(describing: error))
        Console.report(failure.description)
        return ExitCode(failure)
    }

    private struct SavedPhoto {
        /// Where it was saved; nil when it went to standard output.
        let path: String?
        let size: PixelSize
    }

    private static func save(
        _ frame: Frame, square: PixelRect, _ request: ShootRequest, camera: CameraDescription, naming: inout ShootNaming
    ) throws -> SavedPhoto {
        let options = SquarePhoto.Options(region: square, side: request.side, mirrored: request.mirror, quality: request.quality)
        let date = Date()
        let photo = try SquarePhoto.encode(frame, options: options, camera: camera, date: date)
        let path: String?
        switch request.destination {
        case .file(let file):
            try AtomicFileWriter.write(photo.jpeg, toPath: file, replaceExisting: request.overwrite)
            path = file
        case .folder(let folder):
            path = try naming.save(photo.jpeg, into: PhotoLibrary(folder: folder), takenAt: date)
        case .library:
            path = try naming.save(photo.jpeg, into: PhotoLibrary.standard(), takenAt: date)
        case .standardOutput:
            if let code = Console.outBytes(photo.jpeg) {
                throw PhotoWriteError.io(path: "standard output", reason: String(cString: strerror(code)))
            }
            path = nil
        }
        return SavedPhoto(path: path, size: photo.size)
    }
}
