// Test-only libjpeg helpers (never shipped): read a JPEG's coefficients as
// libjpeg reads them, and recode a JPEG losslessly as jpegtran does, so the
// tests compare transcoders block for block without an outside program.
#pragma once
#include <stddef.h>

/// Every coefficient of a JPEG (jpeg_read_coefficients), per component.
typedef struct {
    int components;
    unsigned width, height;
    int progressive;
    int h_samp[4], v_samp[4];
    /// The blocks that hold the image (libjpeg's width_in_blocks, height_in_blocks).
    unsigned width_in_blocks[4], height_in_blocks[4];
    /// Each component's quantisation table, natural order.
    unsigned short quant[4][64];
    /// width_in_blocks × height_in_blocks blocks of 64 coefficients, rows first (malloc'd).
    short *blocks[4];
} cjpegtest_coefficients;

/// Reads `jpeg`'s coefficients into `out` (free with cjpegtest_free). Returns
/// 0, or -1 with libjpeg's message in `message` (at least 200 bytes).
int cjpegtest_read(const unsigned char *jpeg, size_t size, cjpegtest_coefficients *out, char *message);
void cjpegtest_free(cjpegtest_coefficients *coefficients);

/// `jpeg` recoded without loss: the same coefficients, written progressive
/// and/or with Huffman tables optimised for the data, as `jpegtran
/// [-progressive] [-optimize]` writes them. `*out` is malloc'd. Returns 0, or
/// -1 with the message set.
int cjpegtest_recode(const unsigned char *jpeg, size_t size, int progressive, int optimize, unsigned char **out,
                     unsigned long *out_size, char *message);
