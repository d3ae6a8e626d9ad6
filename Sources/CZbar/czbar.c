#include "czbar.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The runtime library of Debian's libzbar0 (libzbar.so comes only with libzbar-dev).
static const char *const library_name = "libzbar.so.0";

static czbar_functions functions;
static const czbar_functions *loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int find(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "%s has no %s (too old a zbar?)", library_name, name);
        return -1;
    }
    return 0;
}

// build-deb.sh reads the names in RESOLVE(...) for the oldest libzbar0 that has them all.
#define RESOLVE(name) find(library, (void **)&functions.name, #name)

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    if (RESOLVE(zbar_image_scanner_create) || RESOLVE(zbar_image_scanner_destroy)
        || RESOLVE(zbar_image_scanner_set_config) || RESOLVE(zbar_image_create) || RESOLVE(zbar_image_destroy)
        || RESOLVE(zbar_image_set_format) || RESOLVE(zbar_image_set_size) || RESOLVE(zbar_image_set_data)
        || RESOLVE(zbar_scan_image) || RESOLVE(zbar_image_first_symbol) || RESOLVE(zbar_symbol_next)
        || RESOLVE(zbar_symbol_get_type) || RESOLVE(zbar_symbol_get_data) || RESOLVE(zbar_symbol_get_data_length)
        || RESOLVE(zbar_symbol_get_loc_size) || RESOLVE(zbar_symbol_get_loc_x) || RESOLVE(zbar_symbol_get_loc_y)
        || RESOLVE(zbar_get_symbol_name)) {
        dlclose(library);
        return;
    }
    // The library stays loaded for the process: readers may be made at any time.
    loaded = &functions;
}

const czbar_functions *czbar_library(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *czbar_load_error(void) {
    pthread_once(&load_once, load);
    return load_error;
}

unsigned long czbar_gray_format(void) {
    return zbar_fourcc('Y', '8', '0', '0');
}
