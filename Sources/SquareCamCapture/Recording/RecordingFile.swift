#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SquareCamCore
import SquareCamImaging

/// Where a recording goes.
public enum RecordingDestination: Sendable, Equatable {
    /// A new name in the folder (`SquareCam_YYYYMMDD_HHMMSS.webm`, then `-2`, …), never replacing anything.
    case folder(String)
    /// This file; one already there is replaced only when `replaceExisting`.
    case file(String, replaceExisting: Bool)

    /// The user's Videos/Camera folder, where GNOME Snapshot keeps its clips too.
    public static func standardFolder(environment: [String: String] = ProcessEnvironment.current) -> String {
        PhotoLibrary.standardVideoFolder(environment: environment)
    }

    var folder: String {
        switch self {
        case .folder(let folder): folder
        case .file(let path, _): AtomicFileWriter.split(path).folder
        }
    }
}

/// A finished recording: where it is and what it holds.
public struct FinishedRecording: Sendable, Equatable {
    public var path: String
    /// The picture's size as the file declares it.
    public var pictureSize: PixelSize?
    /// From the first block to the last, as the file's timestamps say.
    public var seconds: Double
    public var videoFrames: Int
    public var audioBlocks: Int
    /// True when the file had been cut off and was finished by `WebMRepair`.
    public var wasRepaired: Bool
}

/// A recording while it is written: a hidden file in the target folder
/// (`.NAME.webm.TOKEN.recording`), locked for as long as it is written,
/// given its visible name only when it is whole. The photo sweep never
/// touches it (another prefix and suffix), and `RecordingRecovery` finishes
/// one that was cut off. Every system call on a recording's file is here.
public final class RecordingFile: @unchecked Sendable {
    // @unchecked: the descriptor never changes; fdatasync may come from any thread.
    public let destination: RecordingDestination
    public let partialPath: String
    /// Open for reading and writing; the pipeline's fdsink writes through it.
    public let descriptor: Int32
    /// The names a `.folder` destination tries, for 1, 2, 3, …
    private let candidate: @Sendable (Int) -> String

    static let partialSuffix = ".recording"
    static let naming = PhotoFileName(fileExtension: "webm")

    private init(destination: RecordingDestination, partialPath: String, descriptor: Int32, candidate: @escaping @Sendable (Int) -> String) {
        self.destination = destination
        self.partialPath = partialPath
        self.descriptor = descriptor
        self.candidate = candidate
    }

    deinit { close(descriptor) }

    /// Creates the hidden file for a recording that starts now, creating the
    /// folder when it is missing. A `.file` destination already taken (and
    /// not to be replaced) fails here, before anything is recorded.
    public static func create(_ destination: RecordingDestination, startedAt: Date = Date()) throws(PhotoWriteError) -> RecordingFile {
        let folder = destination.folder
        try PhotoLibrary(folder: folder).createFolder()
        let visibleName: String
        switch destination {
        case .folder:
            visibleName = naming.name(for: startedAt)
        case .file(let path, let replaceExisting):
            var status = stat()
            if !replaceExisting, lstat(path, &status) == 0 { throw .alreadyExists(path: path) }
            visibleName = AtomicFileWriter.split(path).name
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let token = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let path = AtomicFileWriter.join(folder, "." + visibleName + "." + token + partialSuffix)
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw AtomicFileWriter.creationError(errno, inFolder: folder)
            }
            // Held until the file is closed (or the process dies): recovery
            // leaves a locked recording alone, it is still being written.
            flock(descriptor, LOCK_EX)
            return RecordingFile(destination: destination, partialPath: path, descriptor: descriptor) {
                naming.name(for: startedAt, sequence: $0)
            }
        }
        throw .io(path: folder, reason: "could not pick a name for the recording")
    }

    /// Flushes what has been written so far to the disk, so a power cut
    /// loses at most what came since (the recorder calls it every second).
    public func syncData() {
        fdatasync(descriptor)
    }

    /// Why a recording could not be finished; the hidden file is kept unless it held nothing.
    public enum FinishError: Error, Equatable, CustomStringConvertible {
        /// Cut off before its first frame; the empty file was removed.
        case empty
        /// The file was written but could not get its name (or be read back).
        case kept(partialPath: String, reason: String)

        public var description: String {
            switch self {
            case .empty:
                "Nothing was recorded: the recording stopped before its first picture."
            case .kept(let partial, let reason):
                "\(reason) The recording is kept as the hidden file \(partial); 'squarecam recover' gives it a visible name."
            }
        }
    }

    /// What a finished file holds, before it has its visible name.
    public struct Sealed: Sendable, Equatable {
        fileprivate var layout: WebMLayout
        /// True when the file had been cut off and was finished by `WebMRepair`.
        public var wasRepaired: Bool
        /// From the first block to the last, as the file's timestamps say.
        public var seconds: Double { layout.blockSpanSeconds }
        /// The picture's size as the file declares it.
        public var pictureSize: PixelSize? { layout.pictureSize }
    }

    /// Finishes the file (repairing it when its writing was cut off), gives
    /// it its visible name, and closes it.
    public func finish() throws(FinishError) -> FinishedRecording {
        try publish(try seal())
    }

    /// Finishes the file's content (repairing it when its writing was cut
    /// off) and flushes it to the disk, still hidden and locked: the app
    /// plays it for review before the user saves it or lets it go, and a
    /// crash meanwhile leaves it for `recover`.
    public func seal() throws(FinishError) -> Sealed {
        let layout: WebMLayout
        let repaired: Bool
        do {
            (layout, repaired) = try WebMRepair.repair(descriptor: descriptor, path: partialPath)
        } catch {
            switch error {
            case .empty:
                unlink(partialPath)
                throw .empty
            case .notWebM:
                throw .kept(partialPath: partialPath, reason: "The recording's file is not a WebM file that could be finished.")
            case .io(let error):
                throw .kept(partialPath: partialPath, reason: error.description)
            }
        }
        guard fsync(descriptor) == 0 else {
            throw .kept(partialPath: partialPath, reason: PhotoWriteError(errno: errno, path: partialPath).description)
        }
        return Sealed(layout: layout, wasRepaired: repaired)
    }

    /// Gives a sealed file its visible name in the destination (never
    /// replacing a file unless the destination says so).
    public func publish(_ sealed: Sealed) throws(FinishError) -> FinishedRecording {
        let path: String
        do {
            switch destination {
            case .folder(let folder):
                path = try AtomicFileWriter.publish(partialPath, inFolder: folder, candidate: candidate)
            case .file(let file, let replaceExisting):
                try AtomicFileWriter.publish(partialPath, toPath: file, replaceExisting: replaceExisting)
                path = file
            }
        } catch {
            throw .kept(partialPath: partialPath, reason: error.description)
        }
        let layout = sealed.layout
        return FinishedRecording(
            path: path, pictureSize: layout.pictureSize, seconds: layout.blockSpanSeconds, videoFrames: layout.videoBlocks,
            audioBlocks: layout.audioBlocks, wasRepaired: sealed.wasRepaired)
    }

    /// Deletes the hidden file: the user let the recording go (Retake).
    public func discard() {
        unlink(partialPath)
    }
}

extension RecordingFile {
    /// What `recover` did with one interrupted recording.
    public enum RecoveryOutcome: Sendable, Equatable {
        case recovered(FinishedRecording)
        /// Another SquareCam is still writing it (it holds the lock): left alone.
        case stillRecording
        /// Cut off before its first picture: removed, there was nothing to keep.
        case empty
        case failed(String)
    }

    /// The hidden files of recordings in `folder` that were never finished
    /// (and of any being written now), oldest name first; empty when the folder cannot be read.
    public static func partialRecordings(inFolder folder: String) -> [String] {
        var found: [String] = []
        _ = AtomicFileWriter.forEachName(inFolder: folder) { name in
            guard name.first == UInt8(ascii: ".") else { return }
            let text = String(decoding: name, as: UTF8.self)
            if text.hasSuffix(partialSuffix) { found.append(AtomicFileWriter.join(folder, text)) }
        }
        return found.sorted()
    }

    /// Recovers every interrupted recording in `folder` (the app's start);
    /// returns the files made. One still being written, or empty, gives none.
    public static func recoverAll(inFolder folder: String) -> [String] {
        partialRecordings(inFolder: folder).compactMap { partial in
            guard case .recovered(let finished) = recover(partial) else { return nil }
            return finished.path
        }
    }

    /// Finishes an interrupted recording and gives it a visible name beside
    /// it: `.NAME.webm.TOKEN.recording` becomes `NAME_recovered.webm` (then `-2`, …).
    public static func recover(_ partialPath: String) -> RecoveryOutcome {
        let descriptor = open(partialPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .failed(PhotoWriteError(errno: errno, path: partialPath).description) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .stillRecording
        }
        let (folder, name) = AtomicFileWriter.split(partialPath)
        let stem = recoveredStem(ofPartialName: name)
        let file = RecordingFile(destination: .folder(folder), partialPath: partialPath, descriptor: descriptor) {
            $0 == 1 ? "\(stem)_recovered.webm" : "\(stem)_recovered-\($0).webm"
        }
        do {
            return .recovered(try file.finish())
        } catch .empty {
            return .empty
        } catch {
            return .failed(error.description)
        }
    }

    /// "SquareCam_20261203_080102" from ".SquareCam_20261203_080102.webm.k3j2h.recording".
    static func recoveredStem(ofPartialName name: String) -> String {
        var parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        if parts.last == "recording" { parts.removeLast() }
        if parts.count > 1 { parts.removeLast() }  // the token
        if parts.count > 1, parts.last?.lowercased() == "webm" { parts.removeLast() }
        let stem = parts.joined(separator: ".")
        return stem.isEmpty ? "SquareCam" : stem
    }
}
