// Watches a PipeWire connection for camera nodes coming and going, and for
// the connection dying, with libpipewire itself (GStreamer's PipeWire device
// provider 0.3.65 crashes its process when PipeWire dies under it).
//
// libpipewire is loaded with dlopen when the first watch starts, so the
// programs that never watch (squarecam shoot) do not pay for loading it.
#pragma once
#include <stdbool.h>

typedef struct squarecam_node_watch squarecam_node_watch;

/// Called on PipeWire's thread when a Video/Source node appears or goes, when
/// the first count is complete, and when the connection fails. Must not call
/// back into the watch.
typedef void (*squarecam_node_watch_changed)(void *context);

/// Whether libpipewire could be loaded (it is loaded on the first call).
bool squarecam_node_watch_available(void);

/// Connects through a duplicate of `fd` (a PipeWire socket, such as the
/// camera portal's remote) and starts listening. NULL when libpipewire is
/// missing or the connection fails; `error` (may be NULL) then points to a
/// static sentence saying which.
squarecam_node_watch *squarecam_node_watch_start(int fd, squarecam_node_watch_changed changed, void *context,
                                                 const char **error);

/// Video/Source nodes seen now.
int squarecam_node_watch_camera_count(squarecam_node_watch *watch);

/// True once the nodes present at connection time have all been counted.
bool squarecam_node_watch_is_synced(squarecam_node_watch *watch);

/// False once PipeWire has closed or broken the connection.
bool squarecam_node_watch_is_connected(squarecam_node_watch *watch);

/// Disconnects and frees; `changed` is never called after this returns.
void squarecam_node_watch_stop(squarecam_node_watch *watch);
