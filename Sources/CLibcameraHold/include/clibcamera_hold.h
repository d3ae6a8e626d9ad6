// Keeps libcamera's CameraManager alive for the rest of the process, through
// the GStreamer libcamera plugin (see clibcamera_hold.cpp for why).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/// What holding the manager came to.
typedef enum {
    /// Held now, or already held.
    CLIBCAMERA_HELD = 0,
    /// The plugin (at `plugin_path`) is not loaded in this process.
    CLIBCAMERA_NOT_LOADED = 1,
    /// The plugin does not export the function that hands out its manager.
    CLIBCAMERA_NO_FUNCTION = 2,
    /// libcamera gave no manager (its error in the plugin's words).
    CLIBCAMERA_NO_MANAGER = 3,
} clibcamera_hold_status;

/// Takes a reference to the plugin's shared CameraManager and never lets it
/// go. `plugin_path` is the loaded plugin's file; call it only for the
/// plugin release this was written for (0.0.3: the function's C++ signature
/// is not API). Safe to call from any thread, any number of times: the
/// first call that holds a manager decides.
clibcamera_hold_status clibcamera_hold_manager(const char *plugin_path);

#ifdef __cplusplus
}
#endif
