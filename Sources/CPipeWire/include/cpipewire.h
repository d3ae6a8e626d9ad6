// Watches a PipeWire connection for the nodes of one media class (cameras,
// microphones) coming and going, and for the connection dying, with
// libpipewire itself: GStreamer's PipeWire device provider 0.3.65 crashes its
// process when PipeWire dies under it, and now and then after a listing while
// nodes and links come and go.
//
// libpipewire is loaded with dlopen when the first watch starts, so the
// programs that never watch (squarecam shoot) do not pay for loading it.
#pragma once
#include <stdbool.h>

typedef struct squarecam_node_watch squarecam_node_watch;

/// Called on PipeWire's thread when a node of the class appears or goes, when
/// the first count is complete, and when the connection fails. Must not call
/// back into the watch.
typedef void (*squarecam_node_watch_changed)(void *context);

/// Whether libpipewire could be loaded (it is loaded on the first call).
bool squarecam_node_watch_available(void);

/// Called for each node by `squarecam_node_watch_each`, under the watch's
/// lock; either text may be NULL.
typedef void (*squarecam_node_watch_visit)(void *context, const char *name, const char *description);

/// Connects through a duplicate of `fd` (a PipeWire socket, such as the
/// camera portal's remote), or with a negative `fd` to the user's own
/// PipeWire (PIPEWIRE_REMOTE or the default socket), and starts listening for
/// nodes whose media.class is `media_class` or below it ("Audio/Source" takes
/// "Audio/Source/Virtual"). NULL when libpipewire is missing or the connection
/// fails; `error` (may be NULL) then points to a static sentence saying which.
squarecam_node_watch *squarecam_node_watch_start(int fd, const char *media_class, squarecam_node_watch_changed changed,
                                                 void *context, const char **error);

/// Nodes of the class seen now.
int squarecam_node_watch_count(squarecam_node_watch *watch);

/// Calls `visit` with each node's node.name and node.description (or node.nick).
void squarecam_node_watch_each(squarecam_node_watch *watch, squarecam_node_watch_visit visit, void *context);

/// True once the nodes present at connection time have all been counted.
bool squarecam_node_watch_is_synced(squarecam_node_watch *watch);

/// False once PipeWire has closed or broken the connection.
bool squarecam_node_watch_is_connected(squarecam_node_watch *watch);

/// Disconnects and frees; `changed` is never called after this returns.
void squarecam_node_watch_stop(squarecam_node_watch *watch);
