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
// Held once for the rest of the process, the manager is never destroyed, so
// the handler always finds it; every later probe and every libcamerasrc
// shares it (the plugin hands out the one that is alive). It is never let
// go, not even at exit: destroying it then would open the same window.
//
// The function is the plugin's own, exported but not API: its C++ signature
// is that of the release this was written for (0.0.3), which the caller
// checks; its mangled name carries the parameters, not the return type.
#include "clibcamera_hold.h"

#include <dlfcn.h>
#include <memory>
#include <mutex>

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
    int error = 0;
    std::shared_ptr<libcamera::CameraManager> manager = get(error);
    if (error != 0 || !manager) return CLIBCAMERA_NO_MANAGER;
    held = new std::shared_ptr<libcamera::CameraManager>(std::move(manager));
    return CLIBCAMERA_HELD;
}
