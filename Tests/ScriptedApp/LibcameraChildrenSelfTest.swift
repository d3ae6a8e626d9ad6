#if canImport(Glibc)
import Glibc
#endif
import CGStreamer
import Foundation
import SquareCamCapture
import Synchronization

/// Lists cameras through GStreamer's device monitor (libcamera's provider
/// among them) on one thread while another starts and reaps short-lived
/// children, for `seconds`: exits 0 if the process lived through it. With
/// `LibcameraManagerHold` that is every run; `--without-fix` shows what it
/// prevents: libcamera 0.0.3 ends the process with SIGSEGV
/// (clibcamera_hold.cpp). Exits 3 without the libcamera plugin the hold knows.
///
/// A third thread sends the process SIGCHLD, as a child's end does, every
/// 100 µs. Real children alone (a few hundred a second) hit libcamera's
/// window within a few seconds on an idle machine but once lived 20 s on a
/// busy CI runner; with the extra signals the replay without the fix dies
/// within a second or so however busy the machine, and the fixed one must
/// live through fifty times as many.
enum LibcameraChildrenSelfTest {
    static func run(fixed: Bool, seconds: Double) -> Int32 {
        // As a desktop starts the app: no signal blocked. (Started by the test
        // runner it inherits the runner's mask, and a blocked SIGCHLD never
        // reaches libcamera's handler.)
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        // As GStreamerRuntime does: libcamera's probe warnings are noise here.
        setenv("LIBCAMERA_LOG_LEVELS", "*:ERROR", 0)
        gst_init(nil, nil)
        guard let plugin = gst_registry_find_plugin(gst_registry_get(), "libcamera") else {
            print("libcamera-children: cannot run: no libcamera plugin")
            return 3
        }
        gst_object_unref(UnsafeMutableRawPointer(plugin))
        if fixed {
            let hold = LibcameraManagerHold.ensure()
            guard hold == .held else {
                print("libcamera-children: cannot run: \(hold)")
                return 3
            }
        }
        let deadline = Date().addingTimeInterval(seconds)
        let probes = Atomic(0), children = Atomic(0)
        let prober = Thread {
            while Date() < deadline {
                let monitor = gst_device_monitor_new()!
                _ = gst_device_monitor_add_filter(monitor, "Video/Source", nil)
                if let devices = gst_device_monitor_get_devices(monitor) { g_list_free_full(devices) { gst_object_unref($0) } }
                gst_object_unref(UnsafeMutableRawPointer(monitor))
                probes.add(1, ordering: .relaxed)
            }
        }
        prober.start()
        let signaller = Thread {
            while Date() < deadline {
                kill(getpid(), SIGCHLD)
                usleep(100)
            }
        }
        signaller.start()
        while Date() < deadline {
            var pid: pid_t = 0
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            defer { free(argv[0]) }
            guard posix_spawn(&pid, "/bin/true", nil, nil, &argv, environ) == 0 else { break }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            children.add(1, ordering: .relaxed)
        }
        while !prober.isFinished || !signaller.isFinished { usleep(10_000) }
        print("libcamera-children: \(probes.load(ordering: .relaxed)) lists and \(children.load(ordering: .relaxed)) children in \(seconds) s, and alive")
        return 0
    }
}
