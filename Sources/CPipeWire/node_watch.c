// A PipeWire registry client that keeps the nodes of one media class (see cpipewire.h).
// Every libpipewire call of SquareCam's own is in this file.
#include "cpipewire.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pipewire/pipewire.h>

// The exported libpipewire functions used here, looked up once. The rest of
// the API (core and registry methods, spa_dict_lookup, spa_hook_remove) is
// inline in the headers and calls through the objects themselves.
static struct {
    void (*init)(int *argc, char **argv[]);
    struct pw_thread_loop *(*thread_loop_new)(const char *name, const struct spa_dict *props);
    struct pw_loop *(*thread_loop_get_loop)(struct pw_thread_loop *loop);
    int (*thread_loop_start)(struct pw_thread_loop *loop);
    void (*thread_loop_stop)(struct pw_thread_loop *loop);
    void (*thread_loop_lock)(struct pw_thread_loop *loop);
    void (*thread_loop_unlock)(struct pw_thread_loop *loop);
    void (*thread_loop_destroy)(struct pw_thread_loop *loop);
    struct pw_context *(*context_new)(struct pw_loop *loop, struct pw_properties *props, size_t user_data_size);
    struct pw_core *(*context_connect)(struct pw_context *context, struct pw_properties *props, size_t user_data_size);
    struct pw_core *(*context_connect_fd)(struct pw_context *context, int fd, struct pw_properties *props,
                                          size_t user_data_size);
    void (*context_destroy)(struct pw_context *context);
    int (*core_disconnect)(struct pw_core *core);
    void (*proxy_destroy)(struct pw_proxy *proxy);
} pw;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bool loaded;

static void load_libpipewire(void) {
    void *library = dlopen("libpipewire-0.3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define FIND(field, symbol) if (!(*(void **)&pw.field = dlsym(library, symbol))) return
    FIND(init, "pw_init");
    FIND(thread_loop_new, "pw_thread_loop_new");
    FIND(thread_loop_get_loop, "pw_thread_loop_get_loop");
    FIND(thread_loop_start, "pw_thread_loop_start");
    FIND(thread_loop_stop, "pw_thread_loop_stop");
    FIND(thread_loop_lock, "pw_thread_loop_lock");
    FIND(thread_loop_unlock, "pw_thread_loop_unlock");
    FIND(thread_loop_destroy, "pw_thread_loop_destroy");
    FIND(context_new, "pw_context_new");
    FIND(context_connect, "pw_context_connect");
    FIND(context_connect_fd, "pw_context_connect_fd");
    FIND(context_destroy, "pw_context_destroy");
    FIND(core_disconnect, "pw_core_disconnect");
    FIND(proxy_destroy, "pw_proxy_destroy");
#undef FIND
    // Kept loaded for the life of the process: nothing here unloads it.
    pw.init(NULL, NULL);
    loaded = true;
}

// A node of the watched class, as its registry global announced it.
struct node_entry {
    uint32_t id;
    char *name;
    char *description;
};

struct squarecam_node_watch {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_registry *registry;
    struct spa_hook core_listener;
    struct spa_hook registry_listener;
    squarecam_node_watch_changed changed;
    void *changed_context;
    atomic_bool connected;
    // Set when the server has answered the first sync: every node that was
    // there when the watch connected has been announced by then.
    atomic_bool synced;
    int sync_seq;
    char *media_class;
    // The nodes of that class seen; touched on PipeWire's thread, or under
    // the loop's lock.
    struct node_entry *nodes;
    int node_count;
    int node_capacity;
};

static int index_of_node(struct squarecam_node_watch *watch, uint32_t id) {
    for (int index = 0; index < watch->node_count; index++) {
        if (watch->nodes[index].id == id) return index;
    }
    return -1;
}

// "Audio/Source" takes "Audio/Source/Virtual" too, not "Audio/SourceX".
static bool is_of_class(const char *media_class, const char *wanted) {
    size_t length = strlen(wanted);
    return strncmp(media_class, wanted, length) == 0 && (media_class[length] == '\0' || media_class[length] == '/');
}

static char *copy_or_null(const char *text) { return text ? strdup(text) : NULL; }

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    (void)permissions;
    (void)version;
    struct squarecam_node_watch *watch = data;
    if (!type || strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !props) return;
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    if (!media_class || !is_of_class(media_class, watch->media_class) || index_of_node(watch, id) >= 0) return;
    if (watch->node_count == watch->node_capacity) {
        int capacity = watch->node_capacity ? watch->node_capacity * 2 : 8;
        struct node_entry *grown = realloc(watch->nodes, sizeof *grown * (size_t)capacity);
        if (!grown) return;
        watch->nodes = grown;
        watch->node_capacity = capacity;
    }
    const char *description = spa_dict_lookup(props, PW_KEY_NODE_DESCRIPTION);
    if (!description) description = spa_dict_lookup(props, PW_KEY_NODE_NICK);
    watch->nodes[watch->node_count++] = (struct node_entry){
        .id = id,
        .name = copy_or_null(spa_dict_lookup(props, PW_KEY_NODE_NAME)),
        .description = copy_or_null(description),
    };
    watch->changed(watch->changed_context);
}

static void free_entry(struct node_entry *entry) {
    free(entry->name);
    free(entry->description);
}

static void on_global_remove(void *data, uint32_t id) {
    struct squarecam_node_watch *watch = data;
    int index = index_of_node(watch, id);
    if (index < 0) return;
    free_entry(&watch->nodes[index]);
    watch->nodes[index] = watch->nodes[--watch->node_count];
    watch->changed(watch->changed_context);
}

static const struct pw_registry_events registry_events = {
    .version = PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    (void)res;
    (void)message;
    struct squarecam_node_watch *watch = data;
    // An error on the core itself is the connection's end (PipeWire exited:
    // EPIPE); errors about other objects are not ours to act on.
    if (id != PW_ID_CORE) return;
    atomic_store(&watch->connected, false);
    watch->changed(watch->changed_context);
}

static void on_core_done(void *data, uint32_t id, int seq) {
    struct squarecam_node_watch *watch = data;
    if (id != PW_ID_CORE || seq != watch->sync_seq || atomic_load(&watch->synced)) return;
    atomic_store(&watch->synced, true);
    watch->changed(watch->changed_context);
}

static const struct pw_core_events core_events = {
    .version = PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

static void free_watch(struct squarecam_node_watch *watch) {
    if (watch->context) pw.context_destroy(watch->context);
    if (watch->loop) pw.thread_loop_destroy(watch->loop);
    for (int index = 0; index < watch->node_count; index++) free_entry(&watch->nodes[index]);
    free(watch->nodes);
    free(watch->media_class);
    free(watch);
}

bool squarecam_node_watch_available(void) {
    pthread_once(&load_once, load_libpipewire);
    return loaded;
}

squarecam_node_watch *squarecam_node_watch_start(int fd, const char *media_class, squarecam_node_watch_changed changed,
                                                 void *context, const char **error) {
    const char *ignored;
    if (!error) error = &ignored;
    if (!squarecam_node_watch_available()) {
        *error = "libpipewire-0.3.so.0 could not be loaded (install libpipewire-0.3-0)";
        return NULL;
    }
    struct squarecam_node_watch *watch = calloc(1, sizeof *watch);
    if (!watch) {
        *error = "out of memory";
        return NULL;
    }
    watch->changed = changed;
    watch->changed_context = context;
    watch->media_class = strdup(media_class);
    watch->loop = watch->media_class ? pw.thread_loop_new("squarecam-nodes", NULL) : NULL;
    watch->context = watch->loop ? pw.context_new(pw.thread_loop_get_loop(watch->loop), NULL, 0) : NULL;
    if (!watch->context) {
        *error = "PipeWire's loop or context could not be made";
        free_watch(watch);
        return NULL;
    }
    if (fd < 0) {
        watch->core = pw.context_connect(watch->context, NULL, 0);
    } else {
        // The core owns the duplicate from here, and closes it when disconnected.
        int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        watch->core = copy >= 0 ? pw.context_connect_fd(watch->context, copy, NULL, 0) : NULL;
    }
    if (!watch->core) {
        *error = "PipeWire refused the connection";
        free_watch(watch);
        return NULL;
    }
    atomic_store(&watch->connected, true);
    pw_core_add_listener(watch->core, &watch->core_listener, &core_events, watch);
    watch->registry = pw_core_get_registry(watch->core, PW_VERSION_REGISTRY, 0);
    if (watch->registry) {
        pw_registry_add_listener(watch->registry, &watch->registry_listener, &registry_events, watch);
        watch->sync_seq = pw_core_sync(watch->core, PW_ID_CORE, 0);
    }
    if (!watch->registry || pw.thread_loop_start(watch->loop) < 0) {
        *error = "PipeWire's registry could not be watched";
        if (watch->registry) {
            spa_hook_remove(&watch->registry_listener);
            pw.proxy_destroy((struct pw_proxy *)watch->registry);
        }
        spa_hook_remove(&watch->core_listener);
        pw.core_disconnect(watch->core);
        free_watch(watch);
        return NULL;
    }
    return watch;
}

int squarecam_node_watch_count(squarecam_node_watch *watch) {
    pw.thread_loop_lock(watch->loop);
    int count = watch->node_count;
    pw.thread_loop_unlock(watch->loop);
    return count;
}

void squarecam_node_watch_each(squarecam_node_watch *watch, squarecam_node_watch_visit visit, void *context) {
    pw.thread_loop_lock(watch->loop);
    for (int index = 0; index < watch->node_count; index++) {
        visit(context, watch->nodes[index].name, watch->nodes[index].description);
    }
    pw.thread_loop_unlock(watch->loop);
}

bool squarecam_node_watch_is_connected(squarecam_node_watch *watch) {
    return atomic_load(&watch->connected);
}

bool squarecam_node_watch_is_synced(squarecam_node_watch *watch) {
    return atomic_load(&watch->synced);
}

void squarecam_node_watch_stop(squarecam_node_watch *watch) {
    // Listeners go first, under the loop's lock, so no callback runs after
    // this; then the thread stops before anything it used is freed.
    pw.thread_loop_lock(watch->loop);
    spa_hook_remove(&watch->registry_listener);
    spa_hook_remove(&watch->core_listener);
    pw.proxy_destroy((struct pw_proxy *)watch->registry);
    pw.core_disconnect(watch->core);
    pw.thread_loop_unlock(watch->loop);
    pw.thread_loop_stop(watch->loop);
    free_watch(watch);
}
