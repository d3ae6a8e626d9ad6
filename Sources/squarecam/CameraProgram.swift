#if canImport(Glibc)
import Glibc
#endif
import SquareCamCommandLine

/// The programs `squarecam` hands over to: `squarecam-capture` (shoot,
/// devices: GStreamer, no GTK) and `squarecam-camera` (the app). They are
/// separate because GTK, GStreamer and their hundred shared libraries take
/// 20–30 ms to load at every start, which `crop` should not pay, nor a
/// headless shot pay for GTK. Every exec-related C call is here.
enum CameraProgram {
    /// The program for these arguments' command.
    static func name(for route: CommandRoute) -> String {
        switch route {
        case .command(CommandSpec.shoot.name), .command(CommandSpec.devices.name): "squarecam-capture"
        default: "squarecam-camera"
        }
    }

    /// Where it is looked for: beside this executable (the build folder, or
    /// a flat install), then in the libexec folder `make install` uses.
    static func candidates(_ name: String, besideExecutable executable: String) -> [String] {
        let folder = parentFolder(of: executable)
        return [folder + "/" + name, parentFolder(of: folder) + "/libexec/squarecam/" + name]
    }

    /// Becomes the program for `route`, with the same arguments. Returns only
    /// when that fails, with the exit code to end with.
    static func replaceProcess(route: CommandRoute, arguments: [String]) -> ExitCode {
        let name = name(for: route)
        guard let executable = ownExecutable() else {
            Console.report("cannot find where squarecam is installed (/proc/self/exe is unreadable), so cannot start \(name).")
            return .failure
        }
        guard let program = candidates(name, besideExecutable: executable).first(where: { access($0, X_OK) == 0 }) else {
            Console.report("\(name) is missing beside \(executable); rebuild with 'swift build' or reinstall with 'make install'.")
            return .failure
        }
        LaunchTime.exportNow()
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv(program, &argv)
        Console.report("cannot start \(program): \(String(cString: strerror(errno))).")
        return .failure
    }

    private static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
