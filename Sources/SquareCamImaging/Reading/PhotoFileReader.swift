#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole photo file with open, fstat and read: one copy, and the
/// type and size checked on the opened file itself rather than on its path.
enum PhotoFileReader {
    /// The file's bytes, and its owner, mode and times as it was opened.
    static func read(_ path: String, limit: Int) throws(ImagingError) -> (bytes: [UInt8], attributes: FileAttributes) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .invalidRequest(detail: "cannot open the file: \(reason(errno))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .invalidRequest(detail: "cannot read the file: \(reason(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .invalidRequest(detail: "not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= limit else { throw tooLarge(size, limit: limit) }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            askForHugePages(buffer)
            // A file that shrinks while being read ends early; one that grows is read to its size at open.
            while initialized < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + initialized, size - initialized)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failure = errno }
                guard count > 0 else { break }
                initialized += count
            }
        }
        guard failure == 0 else {
            throw .invalidRequest(detail: "cannot read the file: \(reason(failure))")
        }
        return (bytes, FileAttributes(status))
    }

    /// Everything on standard input (a pipe, a terminal or a file), up to `limit` bytes.
    static func readStandardInput(limit: Int) throws(ImagingError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .invalidRequest(detail: "cannot read standard input: \(reason(errno))") }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw tooLarge(bytes.count + count, limit: limit) }
            bytes += chunk[..<count]
        }
    }

    private static func tooLarge(_ size: Int, limit: Int) -> ImagingError {
        .invalidRequest(detail: "the file is larger than any photo SquareCam accepts (\(limit) bytes)")
    }

    /// A photo is megabytes of fresh memory, faulted in page by page as
    /// read(2) fills it; 2 MB pages (where the system allows them) take
    /// hundreds of those faults away.
    private static func askForHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "it does not exist"
        case EACCES, EPERM: "no permission to read it"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code))
        }
    }
}
