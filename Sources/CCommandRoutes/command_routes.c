#include "command_routes.h"

#include <stddef.h>
#include <string.h>

static const struct {
    const char *word;
    squarecam_program program;
} routes[] = {
    {"shoot", SQUARECAM_PROGRAM_GSTREAMER},
    {"record", SQUARECAM_PROGRAM_GSTREAMER},
    {"recover", SQUARECAM_PROGRAM_GSTREAMER},
    {"scan", SQUARECAM_PROGRAM_GSTREAMER},
    {"devices", SQUARECAM_PROGRAM_GSTREAMER},
    {"crop", SQUARECAM_PROGRAM_CROP},
    {"help", SQUARECAM_PROGRAM_CROP},
    {"--help", SQUARECAM_PROGRAM_CROP},
    {"-h", SQUARECAM_PROGRAM_CROP},
    {"--version", SQUARECAM_PROGRAM_CROP},
};

squarecam_program squarecam_program_for(const char *first) {
    if (first == NULL) return SQUARECAM_PROGRAM_APP;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (strcmp(first, routes[i].word) == 0) return routes[i].program;
    }
    /* Options before any command are the app's (--camera). */
    if (first[0] == '-') return SQUARECAM_PROGRAM_APP;
    /* A word that is no command: crop's program explains it. */
    return SQUARECAM_PROGRAM_CROP;
}

const char *squarecam_program_file(squarecam_program program) {
    switch (program) {
    case SQUARECAM_PROGRAM_GSTREAMER: return "squarecam-gst";
    case SQUARECAM_PROGRAM_APP: return "squarecam-app";
    case SQUARECAM_PROGRAM_CROP: break;
    }
    return "squarecam-crop";
}
