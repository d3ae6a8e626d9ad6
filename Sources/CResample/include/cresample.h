// The two inner loops of SquareCam's Lanczos resampler, in C so the compiler
// can vectorise them for the CPU it runs on (AVX2 where present, SSE2
// otherwise: chosen once at load time). Swift computes the weights; these
// only multiply and add. Weights are fixed point with
// CRESAMPLE_FRACTION_BITS fraction bits and sum to 1 << CRESAMPLE_FRACTION_BITS.
#pragma once
#include <stddef.h>
#include <stdint.h>

#define CRESAMPLE_FRACTION_BITS 14

/// out[x] = Σ_t weights[t] · rows[t][x], for x in [0, width): one output
/// row from `taps` source rows (the vertical pass).
void cresample_rows(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out);

/// Horizontal taps come in groups of this many; pad the weights with zeros.
#define CRESAMPLE_TAP_GROUP 16

/// out[x] = Σ_t weights[x·taps + t] · in[starts[x] + t], for x in
/// [0, outputs): one row of one channel filtered horizontally. `taps` must
/// be a multiple of CRESAMPLE_TAP_GROUP and `in` readable up to
/// starts[x] + taps for every x.
void cresample_columns(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
                       size_t outputs, uint8_t *out);

// The viewfinder's scaler from 4:2:0 YUV (this header is the module's umbrella).
#include "cresample_yuv.h"
