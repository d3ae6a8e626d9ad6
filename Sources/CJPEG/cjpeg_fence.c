// The fence around our own JPEG code (see CJPEG_OWN_PATHS in cjpeg_private.h):
// whether the libjpeg loaded at run time is the release that code was written for.
//
// libjpeg-turbo has no function that returns its version: LIBJPEG_TURBO_VERSION
// is a macro, so it tells what the headers were, not what was loaded. But every
// release since 1.x embeds the text "libjpeg-turbo version X.Y.Z (build …)" in
// the library's read-only data, so that the version can be read from the binary.
// That text is read here, in memory, from the very object that holds libjpeg's
// own default error handler (what jpeg_std_error installs), so it is the library
// our jpeg_* calls reach, even when another copy is loaded too.
#define _GNU_SOURCE
#include "cjpeg_private.h"
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// What libjpeg-turbo writes before its version number.
static const char version_prefix[] = "libjpeg-turbo version ";

long cjpeg_release_named_in(const unsigned char *bytes, size_t size) {
    const size_t prefix = sizeof version_prefix - 1;
    const unsigned char *at = memmem(bytes, size, version_prefix, prefix);
    if (!at) return 0;
    const unsigned char *p = at + prefix, *end = bytes + size;
    long parts[3] = { 0, 0, 0 };
    for (int part = 0; part < 3; part++) {
        int digits = 0;
        while (p < end && *p >= '0' && *p <= '9' && digits < 4) {
            parts[part] = parts[part] * 10 + (*p - '0');
            p++;
            digits++;
        }
        // X.Y.Z exactly: anything else is a text we do not know how to read.
        if (digits == 0 || digits == 4) return 0;
        if (part < 2) {
            if (p >= end || *p != '.') return 0;
            p++;
        }
    }
    // A fourth part (2.1.5.1) is another release, whose insides we do not know.
    if (p < end && ((*p >= '0' && *p <= '9') || *p == '.')) return 0;
    if (parts[1] > 999 || parts[2] > 999) return 0;
    return parts[0] * 1000000 + parts[1] * 1000 + parts[2];
}

/// dl_iterate_phdr's search: the loaded object holding `address`, and the release its data names.
typedef struct {
    uintptr_t address;
    int found;
    long release;
} release_search;

static int search_object(struct dl_phdr_info *object, size_t size, void *context) {
    (void)size;
    release_search *search = context;
    int holds = 0;
    for (int i = 0; i < object->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &object->dlpi_phdr[i];
        uintptr_t start = object->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && search->address >= start && search->address - start < segment->p_memsz) holds = 1;
    }
    if (!holds) return 0;
    search->found = 1;
    for (int i = 0; i < object->dlpi_phnum && search->release == 0; i++) {
        const ElfW(Phdr) *segment = &object->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_R)) continue;
        // The file-backed part only: the rest (.bss) is zeros.
        search->release = cjpeg_release_named_in((const unsigned char *)(object->dlpi_addr + segment->p_vaddr),
                                                 segment->p_filesz);
    }
    return 1;  // the object is found: stop
}

static int usable;
static char reason[160];

static void release_text(long release, char *text, size_t size) {
    snprintf(text, size, "%ld.%ld.%ld", release / 1000000, release / 1000 % 1000, release % 1000);
}

static void check_once(void) {
    char expected[32];
    release_text(CJPEG_INTERNALS_RELEASE, expected, sizeof expected);
#if !CJPEG_OWN_PATHS
#if defined(LIBJPEG_TURBO_VERSION_NUMBER)
    char built[32];
    release_text(LIBJPEG_TURBO_VERSION_NUMBER, built, sizeof built);
    snprintf(reason, sizeof reason, "built against libjpeg-turbo %s headers%s; SquareCam's own JPEG code is written for %s",
             built, __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? "" : " on a big-endian machine", expected);
#else
    snprintf(reason, sizeof reason, "built against a libjpeg that is not libjpeg-turbo; SquareCam's own JPEG code is written for libjpeg-turbo %s", expected);
#endif
    return;
#else
    // libjpeg's own error_exit lives in the library that jpeg_std_error comes from.
    struct jpeg_error_mgr error;
    jpeg_std_error(&error);
    release_search search = { .address = (uintptr_t)error.error_exit };
    dl_iterate_phdr(search_object, &search);
    if (search.release == CJPEG_INTERNALS_RELEASE) {
        usable = 1;
        reason[0] = 0;
    } else if (search.release == 0) {
        snprintf(reason, sizeof reason, "the loaded libjpeg does not say which libjpeg-turbo release it is; SquareCam's own JPEG code is written for %s", expected);
    } else {
        char loaded[32];
        release_text(search.release, loaded, sizeof loaded);
        snprintf(reason, sizeof reason, "the loaded libjpeg is libjpeg-turbo %s; SquareCam's own JPEG code is written for %s", loaded, expected);
    }
#endif
}

int cjpeg_own_paths_usable(const char **why) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, check_once);
    if (why) *why = reason;
    return usable;
}
