#if canImport(Glibc)
import Glibc
#endif

/// Who owns a photo, who may read it, and when it was last changed: what a
/// square made from it takes over (AtomicFileWriter applies it).
public struct FileAttributes: Sendable, Hashable {
    /// The permission bits (set-id and sticky bits are never carried over).
    public var mode: UInt32
    public var owner: UInt32
    public var group: UInt32
    /// Seconds and nanoseconds since the epoch.
    public var accessTime: (seconds: Int, nanoseconds: Int)
    public var modificationTime: (seconds: Int, nanoseconds: Int)

    init(_ status: stat) {
        mode = UInt32(status.st_mode) & 0o777
        owner = status.st_uid
        group = status.st_gid
        accessTime = (status.st_atim.tv_sec, status.st_atim.tv_nsec)
        modificationTime = (status.st_mtim.tv_sec, status.st_mtim.tv_nsec)
    }

    public static func == (a: FileAttributes, b: FileAttributes) -> Bool {
        a.mode == b.mode && a.owner == b.owner && a.group == b.group && a.accessTime == b.accessTime
            && a.modificationTime == b.modificationTime
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mode)
        hasher.combine(owner)
        hasher.combine(group)
        hasher.combine(modificationTime.seconds)
        hasher.combine(modificationTime.nanoseconds)
    }
}

/// What a new file takes over from the one it is made from.
public enum AttributeRule: Sendable, Hashable {
    /// A new file beside its source: never a permission bit the source lacks
    /// (0666 less the umask, and-ed with the source's bits), owned by whoever runs SquareCam.
    case noMoreOpenThan(FileAttributes)
    /// The file replaces its source (or is a copy kept as it, `--preserve`):
    /// the same owner (as far as the system lets us), group and permission
    /// bits; with `times`, its access and modification times too.
    case same(FileAttributes, times: Bool)
}
