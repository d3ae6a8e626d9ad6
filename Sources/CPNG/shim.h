#pragma once
#include <png.h>

// libpng's simplified API (png_image_*) catches its own longjmp errors, so
// Swift calls it directly. These wrap macros Swift cannot import.
static inline png_uint_32 squarecam_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 squarecam_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 squarecam_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 squarecam_png_format_gray(void) { return PNG_FORMAT_GRAY; }
static inline png_uint_32 squarecam_png_format_flag_alpha(void) { return PNG_FORMAT_FLAG_ALPHA; }
static inline png_uint_32 squarecam_png_format_flag_color(void) { return PNG_FORMAT_FLAG_COLOR; }
static inline png_uint_32 squarecam_png_image_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }
