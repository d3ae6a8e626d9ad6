// zbar, loaded when the first code reader is made. libzbar0 links X11, xcb,
// D-Bus, systemd and libv4l (16 libraries squarecam-gst has no other use
// for), which every `squarecam shoot` would otherwise map and bind at start.
// So nothing links zbar: czbar_library() opens it with dlopen and hands
// Swift a table of the zbar functions SquareCam calls, with zbar's own
// prototypes (taken from its header with __typeof__).
#pragma once
#include <zbar.h>

#define CZBAR_FUNCTION(name) __typeof__(name) *_Nonnull name

/// The zbar functions CodeReader calls, named as in zbar.
typedef struct {
    CZBAR_FUNCTION(zbar_image_scanner_create);
    CZBAR_FUNCTION(zbar_image_scanner_destroy);
    CZBAR_FUNCTION(zbar_image_scanner_set_config);
    CZBAR_FUNCTION(zbar_image_create);
    CZBAR_FUNCTION(zbar_image_destroy);
    CZBAR_FUNCTION(zbar_image_set_format);
    CZBAR_FUNCTION(zbar_image_set_size);
    CZBAR_FUNCTION(zbar_image_set_data);
    CZBAR_FUNCTION(zbar_scan_image);
    CZBAR_FUNCTION(zbar_image_first_symbol);
    CZBAR_FUNCTION(zbar_symbol_next);
    CZBAR_FUNCTION(zbar_symbol_get_type);
    CZBAR_FUNCTION(zbar_symbol_get_data);
    CZBAR_FUNCTION(zbar_symbol_get_data_length);
    CZBAR_FUNCTION(zbar_symbol_get_loc_size);
    CZBAR_FUNCTION(zbar_symbol_get_loc_x);
    CZBAR_FUNCTION(zbar_symbol_get_loc_y);
    CZBAR_FUNCTION(zbar_get_symbol_name);
} czbar_functions;

/// zbar's functions, loaded on the first call; thread-safe. NULL when zbar
/// cannot be loaded: czbar_load_error() says why.
const czbar_functions *_Nullable czbar_library(void);

/// Why czbar_library() returned NULL (empty when it did not).
const char *_Nonnull czbar_load_error(void);

/// zbar's "Y800" format: one byte of luma per pixel, rows packed without
/// padding (zbar_fourcc is a function-like macro, which Swift cannot call).
unsigned long czbar_gray_format(void);
