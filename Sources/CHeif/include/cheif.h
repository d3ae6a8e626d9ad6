// libheif, loaded when the first HEIF file is met. Its HEVC and AV1 codecs
// are a dozen shared libraries that take about 4 ms to load, a cost every
// `squarecam crop` start would otherwise pay for a format few inputs use.
// So nothing links libheif: cheif_library() opens it with dlopen and hands
// Swift a table of the libheif functions SquareCam calls, with libheif's own
// prototypes (taken from its header with __typeof__).
#pragma once
#include <libheif/heif.h>

#define CHEIF_FUNCTION(name) __typeof__(name) *_Nonnull name

/// The libheif functions SquareCam calls, named as in libheif.
typedef struct {
    CHEIF_FUNCTION(heif_init);
    CHEIF_FUNCTION(heif_context_alloc);
    CHEIF_FUNCTION(heif_context_free);
    CHEIF_FUNCTION(heif_context_read_from_memory_without_copy);
    CHEIF_FUNCTION(heif_context_get_primary_image_handle);
    CHEIF_FUNCTION(heif_image_handle_release);
    CHEIF_FUNCTION(heif_image_handle_get_width);
    CHEIF_FUNCTION(heif_image_handle_get_height);
    CHEIF_FUNCTION(heif_image_handle_has_alpha_channel);
    CHEIF_FUNCTION(heif_image_handle_get_list_of_metadata_block_IDs);
    CHEIF_FUNCTION(heif_image_handle_get_metadata_size);
    CHEIF_FUNCTION(heif_image_handle_get_metadata);
    CHEIF_FUNCTION(heif_image_handle_get_color_profile_type);
    CHEIF_FUNCTION(heif_image_handle_get_raw_color_profile_size);
    CHEIF_FUNCTION(heif_image_handle_get_raw_color_profile);
    CHEIF_FUNCTION(heif_decode_image);
    CHEIF_FUNCTION(heif_image_release);
    CHEIF_FUNCTION(heif_image_get_width);
    CHEIF_FUNCTION(heif_image_get_height);
    CHEIF_FUNCTION(heif_image_get_plane_readonly);
} cheif_functions;

/// libheif's functions, loaded (and heif_init called) on the first call;
/// thread-safe. NULL when libheif cannot be loaded: cheif_load_error() says why.
const cheif_functions *_Nullable cheif_library(void);

/// Why cheif_library() returned NULL (empty when it did not).
const char *_Nonnull cheif_load_error(void);
