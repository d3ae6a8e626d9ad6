#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SquareCamCore

/// Writes whole files so that a reader (or a crash) only ever sees the old
/// file or the complete new one: never a partial photo.
///
/// The bytes go to a hidden temporary file in the destination folder, are
/// flushed to disk, then take the final name in one step, and the folder
/// itself is flushed so the new name survives a power cut. Every system call
/// of the photo-saving path lives in this file.
public enum AtomicFileWriter {
    /// Hidden, and not ending in a photo extension, so a half-written
    /// temporary file is never shown as a photo.
    static let temporaryPrefix = ".squarecam-"
    static let temporarySuffix = ".partial"

    /// Writes `bytes` to `path`. An existing file (or link) at `path` is an
    /// error unless `replaceExisting` is true; then it is replaced atomically.
    /// `attributes` says what the new file takes over from its source (by
    /// default: 0666 less the umask, owned by whoever runs SquareCam); they
    /// are set before the first byte is written, so a private photo's
    /// square is never readable by others, not even while it is written.
    public static func write(
        _ bytes: [UInt8], toPath path: String, replaceExisting: Bool = false, attributes: AttributeRule? = nil
    ) throws(PhotoWriteError) {
        let (folder, _) = split(path)
        let temporary = try writeTemporaryFile(bytes, inFolder: folder, destination: path, attributes: attributes)
        do {
            try publish(temporary, toPath: path, replaceExisting: replaceExisting)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `bytes` under the first free name that `candidate` gives for
    /// 1, 2, 3, …, never replacing anything; returns the path used.
    public static func writeUnique(
        _ bytes: [UInt8], inFolder folder: String, candidate: (Int) -> String, maximumAttempts: Int = 10_000
    ) throws(PhotoWriteError) -> String {
        let temporary = try writeTemporaryFile(bytes, inFolder: folder, destination: folder)
        do {
            return try publish(temporary, inFolder: folder, candidate: candidate, maximumAttempts: maximumAttempts)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Gives a whole, synced file (`temporary`, in the folder of `path`) the
    /// name `path`, replacing what has it only when `replaceExisting`; the
    /// temporary name is gone afterwards. On failure the file keeps its
    /// temporary name: what happens to it is the caller's choice.
    public static func publish(_ temporary: String, toPath path: String, replaceExisting: Bool) throws(PhotoWriteError) {
        if replaceExisting {
            try replace(path, with: temporary)
        } else {
            try claim(path, with: temporary)
        }
        syncFolder(split(path).folder)
    }

    /// Gives a whole, synced file (`temporary`, in `folder`) the first free
    /// name that `candidate` gives for 1, 2, 3, …, never replacing anything;
    /// returns the path. On failure the file keeps its temporary name.
    public static func publish(
        _ temporary: String, inFolder folder: String, candidate: (Int) -> String, maximumAttempts: Int = 10_000
    ) throws(PhotoWriteError) -> String {
        for attempt in 1...maximumAttempts {
            let path = join(folder, candidate(attempt))
            do {
                try claim(path, with: temporary)
                syncFolder(folder)
                return path
            } catch .alreadyExists {
                continue
            }
        }
        throw .alreadyExists(path: join(folder, candidate(maximumAttempts)))
    }

    /// Deletes temporary files that an interrupted save left in `folder`
    /// (older than `age` seconds, so a save in progress is left alone).
    /// Returns how many were removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(inFolder folder: String, olderThan age: Int = 600) -> Int {
        sweepStaleTemporaryFiles(inFolder: folder, olderThan: age) ?? 0
    }

    /// The sweep itself; nil when the folder could not be read.
    static func sweepStaleTemporaryFiles(inFolder folder: String, olderThan age: Int = 600) -> Int? {
        let now = time(nil)
        let shortest = temporaryPrefix.utf8.count + temporarySuffix.utf8.count
        var candidates: [String] = []
        let read = forEachName(inFolder: folder) { name in
            // Most names are photos: rejected from their bytes, without making a String.
            guard name.count >= shortest, name.first == UInt8(ascii: ".") else { return }
            let text = String(decoding: name, as: UTF8.self)
            if text.hasPrefix(temporaryPrefix), text.hasSuffix(temporarySuffix) { candidates.append(text) }
        }
        guard read else { return nil }
        var removed = 0
        for name in candidates {
            let path = join(folder, name)
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  Int(now - status.st_mtim.tv_sec) >= age else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Calls `body` with the name of each entry in `folder`: its bytes up to
    /// the NUL, valid only during the call. Returns false when the folder
    /// cannot be opened. Every use of a `dirent` is here.
    ///
    /// glibc's entries are only `d_reclen` bytes long, packed into opendir's
    /// buffer, not `MemoryLayout<dirent>.size` with a whole `d_name[256]`:
    /// loading `pointee`, or `d_name` as a value, copies up to ~250 bytes past
    /// a short entry, and past the buffer's end for its last one (a SIGSEGV
    /// when that end is a page end). So the name is read where it lies, and
    /// never beyond its record.
    public static func forEachName(inFolder folder: String, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let lengthOffset = MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!
        while let entry = readdir(directory) {
            let record = UnsafeRawPointer(entry)
            let recordLength = Int(record.load(fromByteOffset: lengthOffset, as: UInt16.self))
            let room = UnsafeRawBufferPointer(start: record + nameOffset, count: max(0, recordLength - nameOffset))
            body(UnsafeRawBufferPointer(rebasing: room.prefix { $0 != 0 }))
        }
        return true
    }

    // MARK: - Steps

    private static func writeTemporaryFile(
        _ bytes: [UInt8], inFolder folder: String, destination: String, attributes: AttributeRule? = nil
    ) throws(PhotoWriteError) -> String {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw PhotoWriteError(errno: errno, path: folder, missingMeansFolder: true)
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(path: folder) }

        let (path, descriptor) = try createTemporaryFile(inFolder: folder, mode: creationMode(attributes))
        do throws(PhotoWriteError) {
            try apply(attributes, to: descriptor, path: destination)
            try writeAll(bytes, to: descriptor, path: destination)
            try applyTimes(attributes, to: descriptor, path: destination)
            guard fsync(descriptor) == 0 else { throw PhotoWriteError(errno: errno, path: destination) }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = PhotoWriteError(errno: errno, path: destination)
            unlink(path)
            throw error
        }
        return path
    }

    /// The mode a temporary file is created with, less the umask: 0666, the
    /// permissions any other program's photos get, without the bits the
    /// source lacks; 0600 for a file whose bits are set exactly afterwards.
    private static func creationMode(_ attributes: AttributeRule?) -> mode_t {
        switch attributes {
        case nil: 0o666
        case .noMoreOpenThan(let source): 0o666 & mode_t(source.mode)
        case .same: 0o600
        }
    }

    /// Gives the new file its source's owner, group and permission bits, as `rule` says.
    private static func apply(_ rule: AttributeRule?, to descriptor: Int32, path: String) throws(PhotoWriteError) {
        guard case .same(let source, _) = rule else { return }
        // Only root may give a file away; anyone may give it a group they are
        // in. What the system refuses stays ours, as with `cp -p`.
        if fchown(descriptor, source.owner, source.group) != 0 {
            _ = fchown(descriptor, uid_t.max, source.group)
        }
        // After chown, which clears set-id bits: the bits are set last.
        guard fchmod(descriptor, mode_t(source.mode)) == 0 else { throw PhotoWriteError(errno: errno, path: path) }
    }

    /// The source's access and modification times, once every byte is written (writing sets them anew).
    private static func applyTimes(_ rule: AttributeRule?, to descriptor: Int32, path: String) throws(PhotoWriteError) {
        guard case .same(let source, times: true) = rule else { return }
        var stamps = [
            timespec(tv_sec: source.accessTime.seconds, tv_nsec: source.accessTime.nanoseconds),
            timespec(tv_sec: source.modificationTime.seconds, tv_nsec: source.modificationTime.nanoseconds),
        ]
        guard futimens(descriptor, &stamps) == 0 else { throw PhotoWriteError(errno: errno, path: path) }
    }

    private static func createTemporaryFile(inFolder folder: String, mode: mode_t = 0o666) throws(PhotoWriteError) -> (String, Int32) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let token = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
            let path = join(folder, temporaryPrefix + token + temporarySuffix)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor >= 0 { return (path, descriptor) }
            if errno != EEXIST { throw creationError(errno, inFolder: folder) }
        }
        throw .io(path: folder, reason: "could not pick a temporary file name")
    }

    /// Why no file could be created in `folder`, which existed a moment ago:
    /// the folder itself is named, never its parent. ENOENT from an existing
    /// folder is one that holds no files of ours (/proc, /sys).
    public static func creationError(_ code: Int32, inFolder folder: String) -> PhotoWriteError {
        var status = stat()
        if code == ENOENT, stat(folder, &status) == 0 {
            return .io(path: folder, reason: "this folder does not take new files (a system folder, such as /proc or /sys); choose another folder")
        }
        return PhotoWriteError(errno: code, path: folder, missingMeansFolder: true)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(PhotoWriteError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw PhotoWriteError(errno: failure, path: path) }
    }

    /// Gives the temporary file the final name only if nothing has it:
    /// link(2) fails with EEXIST instead of replacing, even for a dangling
    /// symlink, so we never write through a link someone planted.
    private static func claim(_ path: String, with temporary: String) throws(PhotoWriteError) {
        if link(temporary, path) == 0 {
            unlink(temporary)
            return
        }
        let linkError = errno
        guard linkError == EPERM || linkError == ENOTSUP || linkError == EOPNOTSUPP else {
            throw PhotoWriteError(errno: linkError, path: path)
        }
        // Folders without hard links (FAT on a memory card): reserve the name
        // with an exclusive create, then rename over our own empty file.
        let reservation = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard reservation >= 0 else { throw PhotoWriteError(errno: errno, path: path) }
        close(reservation)
        try replace(path, with: temporary)
    }

    private static func replace(_ path: String, with temporary: String) throws(PhotoWriteError) {
        guard rename(temporary, path) == 0 else { throw PhotoWriteError(errno: errno, path: path) }
    }

    /// Makes the new directory entry durable; a failure here cannot lose the
    /// photo (the data is already synced), so it is not reported.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: - Paths

    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
