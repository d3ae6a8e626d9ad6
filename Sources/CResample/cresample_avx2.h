// The resampler's loops written out for AVX2 (cresample_avx2.c), for the
// whole blocks of a row; cresample.c calls them where the CPU has AVX2 and
// does the pixels left over itself.
#pragma once
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CRESAMPLE_AVX2 1
/// cresample_rows for the first width − width % 32 pixels; returns how many that is.
size_t cresample_rows_avx2(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out);
/// cresample_columns for the first outputs − outputs % 8 outputs; returns how many that is.
size_t cresample_columns_avx2(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
                              size_t outputs, uint8_t *out);
#endif
