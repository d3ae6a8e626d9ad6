#if canImport(Glibc)
import Glibc
#endif

/// Where SquareCam's other programs are, from the running one: beside it (the
/// build folder, or a flat install), then in the libexec folder `make install`
/// and the package use. The app runs `squarecam-gst` to list the
/// portal's cameras. (The `squarecam` launcher, in C, searches the same places.)
package enum SiblingProgram {
    /// The path of the running program, from /proc/self/exe; nil when unreadable.
    package static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `name` for a program at `executable`: the first place that has it
    /// runnable, beside it or in libexec; nil when neither does.
    package static func path(of name: String, besideExecutable executable: String) -> String? {
        let folder = parentFolder(of: executable)
        return [folder + "/" + name, parentFolder(of: folder) + "/libexec/squarecam/" + name]
            .first { access($0, X_OK) == 0 }
    }

    /// `name` for the running program.
    package static func path(of name: String) -> String? {
        ownExecutable().flatMap { path(of: name, besideExecutable: $0) }
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
