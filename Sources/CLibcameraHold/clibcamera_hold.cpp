// libcamera 0.0.3 can kill a process whose children end while it lists cameras.
//
// Each probe of GStreamer's libcamera device provider asks the plugin for
// its CameraManager (gst_libcamera_get_camera_manager), which makes one when
// nobody holds one, and destroys it when the probe lets go. The manager's
// ProcessManager installs a SIGCHLD handler that reads a static instance
// pointer; its destructor puts the previous handler back and then clears the
// pointer. A child of any kind (a helper, the shutter sound's player, a test
// program) that ends during that window runs the handler with the pointer
// cleared: SIGSEGV in ProcessManager::writePipe. One thread listing in a loop
// while another starts and reaps children died within a second here.
//
// Held once for the rest of the process, the manager is never destroyed;
// every later probe and every libcamerasrc shares it (the plugin hands out
// the one that is alive). It is never let go, not even at exit: destroying it
// then would open the same window. And its SIGCHLD handler is taken out as
// soon as it is made, the process's own put back: left in, it would run at
// every child's end for the rest of the process, and it changes errno in
// whatever thread it interrupts (ThreadSanitizer: "signal handler spoils
// errno"). libcamera needs it only to reap the children it starts itself
// (isolated IPA modules: unsigned ones, or any when LIBCAMERA_IPA_FORCE_ISOLATION
// is set; Debian's are signed and run in the process): one that ends is then
// left a zombie until the process ends.
//
// The function is the plugin's own, exported but not API: its C++ signature
// is that of the release this was written for (0.0.3), which the caller
// checks; its mangled name carries the parameters, not the return type.
#include "clibcamera_hold.h"

#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <signal.h>
#include <string.h>

namespace libcamera {
class CameraManager;
}

namespace {

using GetCameraManager = std::shared_ptr<libcamera::CameraManager> (*)(int &);

/// gst_libcamera_get_camera_manager(int&), as g++ names it.
constexpr const char *getCameraManagerSymbol = "_Z32gst_libcamera_get_camera_managerRi";

std::mutex holding;
/// Never freed: see above.
std::shared_ptr<libcamera::CameraManager> *held = nullptr;

/// Whether the SIGCHLD handler now is one of libcamera's own.
bool libcameraHandlesChildren() {
    struct sigaction now;
    if (sigaction(SIGCHLD, nullptr, &now) != 0) return false;
    void *handler = (now.sa_flags & SA_SIGINFO) ? reinterpret_cast<void *>(now.sa_sigaction)
                                                : reinterpret_cast<void *>(now.sa_handler);
    Dl_info where;
    return handler && dladdr(handler, &where) && where.dli_fname && strstr(where.dli_fname, "libcamera.so");
}

}  // namespace

extern "C" clibcamera_hold_status clibcamera_hold_manager(const char *plugin_path) {
    std::lock_guard<std::mutex> lock(holding);
    if (held) return CLIBCAMERA_HELD;
    // RTLD_NOLOAD: only the copy GStreamer loaded has the plugin's singleton.
    void *plugin = dlopen(plugin_path, RTLD_NOW | RTLD_NOLOAD);
    if (!plugin) return CLIBCAMERA_NOT_LOADED;
    // The reference dlopen took is kept: the plugin stays loaded with the manager it made.
    auto get = reinterpret_cast<GetCameraManager>(dlsym(plugin, getCameraManagerSymbol));
    if (!get) return CLIBCAMERA_NO_FUNCTION;
    struct sigaction before;
    sigaction(SIGCHLD, nullptr, &before);
    bool alreadyInstalled = libcameraHandlesChildren();
    int error = 0;
    std::shared_ptr<libcamera::CameraManager> manager = get(error);
    // Only the handler this call's manager installed; any other (GLib's child
    // watch, say) that came meanwhile stays.
    if (!alreadyInstalled && libcameraHandlesChildren()) sigaction(SIGCHLD, &before, nullptr);
    if (error != 0 || !manager) return CLIBCAMERA_NO_MANAGER;
    held = new std::shared_ptr<libcamera::CameraManager>(std::move(manager));
    return CLIBCAMERA_HELD;
}
