#include "cheif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The runtime library of Debian's libheif1 (the -dev package's libheif.so may be absent).
static const char *const library_name = "libheif.so.1";

static cheif_functions functions;
static const cheif_functions *loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "%s has no %s (too old a libheif?)", library_name, name);
        return -1;
    }
    return 0;
}

#define RESOLVE(name) resolve(library, (void **)&functions.name, #name)

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    if (RESOLVE(heif_init) || RESOLVE(heif_context_alloc) || RESOLVE(heif_context_free)
        || RESOLVE(heif_context_read_from_memory_without_copy) || RESOLVE(heif_context_get_primary_image_handle)
        || RESOLVE(heif_image_handle_release) || RESOLVE(heif_image_handle_get_width)
        || RESOLVE(heif_image_handle_get_height) || RESOLVE(heif_image_handle_has_alpha_channel)
        || RESOLVE(heif_image_handle_get_list_of_metadata_block_IDs) || RESOLVE(heif_image_handle_get_metadata_size)
        || RESOLVE(heif_image_handle_get_metadata) || RESOLVE(heif_image_handle_get_color_profile_type)
        || RESOLVE(heif_image_handle_get_raw_color_profile_size) || RESOLVE(heif_image_handle_get_raw_color_profile)
        || RESOLVE(heif_decode_image) || RESOLVE(heif_image_release) || RESOLVE(heif_image_get_width)
        || RESOLVE(heif_image_get_height) || RESOLVE(heif_image_get_plane_readonly)) {
        dlclose(library);
        return;
    }
    // libheif registers its decoder plugins here; the library stays loaded for the process.
    functions.heif_init(NULL);
    loaded = &functions;
}

const cheif_functions *cheif_library(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *cheif_load_error(void) {
    pthread_once(&load_once, load);
    return load_error;
}
