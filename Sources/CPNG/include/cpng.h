// libpng for Swift. The simplified API (png_image_*) catches libpng's longjmp
// errors itself, so Swift calls it directly; the inline functions below wrap
// macros Swift cannot import. The simplified API reads and writes 8 bits per
// sample (its 16-bit output is linear light, converted), so 16-bit samples as
// stored go through libpng's full API instead, whose errors longjmp: those
// calls are made in cpng16.c, which owns the setjmp and returns an error
// code, because a longjmp across Swift frames is undefined behaviour.
#pragma once
#include <png.h>
#include <stddef.h>
#include <stdint.h>

static inline png_uint_32 squarecam_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 squarecam_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 squarecam_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 squarecam_png_format_gray(void) { return PNG_FORMAT_GRAY; }
static inline png_uint_32 squarecam_png_format_flag_alpha(void) { return PNG_FORMAT_FLAG_ALPHA; }
static inline png_uint_32 squarecam_png_format_flag_color(void) { return PNG_FORMAT_FLAG_COLOR; }
static inline png_uint_32 squarecam_png_image_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }

/// One chunk passed on byte for byte.
typedef struct {
    /// Its four letters, NUL-terminated.
    char type[5];
    const unsigned char *data;
    size_t size;
    /// Whether it came (or goes) after the image data rather than before it.
    int after_image_data;
} cpng16_chunk;

/// What a 16-bit PNG's header says, before any pixel is decoded.
typedef struct {
    unsigned width;
    unsigned height;
    int bit_depth;
    /// PNG's colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    int color_type;
    /// Samples per pixel as stored: 1 to 4.
    int channels;
    /// A tRNS colour key (gray, or red, green, blue): pixels of exactly that value are transparent.
    int has_key;
    uint16_t key[3];
} cpng16_header;

/// A PNG being read from memory with 16 bits per sample kept as stored.
/// The bytes must stay valid and unmoved until destroy.
typedef struct cpng16_reader cpng16_reader;

/// A new reader of `size` bytes at `data`; NULL when out of memory.
cpng16_reader *cpng16_reader_create(const unsigned char *data, size_t size);
void cpng16_reader_destroy(cpng16_reader *reader);
/// The last error, in libpng's words (empty when none).
const char *cpng16_reader_message(const cpng16_reader *reader);

/// Reads the chunks before the image data. The colour chunks (gAMA, cHRM,
/// sRGB, iCCP, sBIT, cICP, mDCv, cLLi) are kept uninterpreted, as read, for
/// cpng16_reader_chunk. Returns 0, or -1 with the message set.
int cpng16_read_header(cpng16_reader *reader, cpng16_header *header);

/// How many colour chunks the header had, and the `index`th of them (its
/// data valid until destroy).
int cpng16_reader_chunk_count(const cpng16_reader *reader);
void cpng16_reader_chunk(const cpng16_reader *reader, int index, cpng16_chunk *chunk);

/// Decodes the whole image of a 16-bit PNG into `out`: `header.height` rows
/// `stride` bytes apart, each `width * channels` samples in host byte order,
/// deinterlaced. Reads on to the end of the file, so a file cut short
/// anywhere fails. Returns 0, or -1 with the message set.
int cpng16_read_pixels(cpng16_reader *reader, uint16_t *out, size_t stride);

/// A PNG being written to memory with 16 bits per sample.
typedef struct cpng16_writer cpng16_writer;

/// A new writer; NULL when out of memory.
cpng16_writer *cpng16_writer_create(void);
void cpng16_writer_destroy(cpng16_writer *writer);
const char *cpng16_writer_message(const cpng16_writer *writer);

/// Adds a chunk to write as it is, in the order added (`chunk->data` is
/// copied). Returns 0, or -1 when out of memory.
int cpng16_writer_add_chunk(cpng16_writer *writer, const cpng16_chunk *chunk);

/// Encodes `height` rows `stride` bytes apart of `width * channels` samples
/// in host byte order (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA), with `key` (gray
/// or red, green, blue; NULL for none) as its tRNS colour key and the chunks
/// added. Returns 0, or -1 with the message set.
int cpng16_write(cpng16_writer *writer, const uint16_t *samples, size_t stride, unsigned width, unsigned height,
                 int channels, const uint16_t *key);

/// The file written, valid until destroy.
const unsigned char *cpng16_writer_bytes(const cpng16_writer *writer, size_t *size);
