#if canImport(Glibc)
import Glibc
#endif
import SquareCamCommandLine

/// The programs `squarecam` hands over to: `squarecam-capture` (shoot,
/// devices: GStreamer, no GTK) and `squarecam-camera` (the app). They are
/// separate because GTK, GStreamer and their hundred shared libraries take
/// 20–30 ms to load at every start, which `crop` should not pay, nor a
/// headless shot pay for GTK. The hand-over's exec is here; finding the
/// program is `SiblingProgram`'s.
enum CameraProgram {
    /// The program for these arguments' command.
    static func name(for route: CommandRoute) -> String {
        switch route {
        case .command(CommandSpec.shoot.name), .command(CommandSpec.devices.name): "squarecam-capture"
        default: "squarecam-camera"
        }
    }

    /// Becomes the program for `route`, with the same arguments. Returns only
    /// when that fails, with the exit code to end with.
    static func replaceProcess(route: CommandRoute, arguments: [String]) -> ExitCode {
        let name = name(for: route)
        guard let executable = SiblingProgram.ownExecutable() else {
            Console.report("cannot find where squarecam is installed (/proc/self/exe is unreadable), so cannot start \(name).")
            return .failure
        }
        guard let program = SiblingProgram.path(of: name, besideExecutable: executable) else {
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
}
