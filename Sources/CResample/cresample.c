#include "cresample.h"
#include "cresample_avx2.h"

// Portable C, which the compiler vectorises for the baseline of the machine
// (SSE2 on x86-64); on a CPU with AVX2 the whole blocks go to
// cresample_avx2.c and only the pixels left over come here. The choice is
// made at each call (__builtin_cpu_supports reads a flag set at start-up):
// the clones GCC and clang make with target_clones are picked by an ifunc
// resolver, which ThreadSanitizer instruments before its runtime is up (the
// test bundle crashed at load under make test-sanitizers).

static inline uint8_t clamp_to_byte(int32_t sum) {
    int32_t value = sum >> CRESAMPLE_FRACTION_BITS;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

// Blocks of this many pixels keep the sums in registers across all taps.
#define BLOCK 32

static void rows_portable(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out) {
    const int32_t half = 1 << (CRESAMPLE_FRACTION_BITS - 1);
    size_t x = 0;
    for (; x + BLOCK <= width; x += BLOCK) {
        int32_t sums[BLOCK];
        for (int i = 0; i < BLOCK; i++) sums[i] = half;
        // Two taps at a time: each sum gains a·wa + b·wb, products of 16-bit
        // numbers, which x86 does for sixteen pixels in one instruction (pmaddwd).
        int t = 0;
        for (; t + 1 < taps; t += 2) {
            const uint8_t *a = rows[t] + x, *b = rows[t + 1] + x;
            int16_t wa = weights[t], wb = weights[t + 1];
            for (int i = 0; i < BLOCK; i++) sums[i] += (int16_t)a[i] * wa + (int16_t)b[i] * wb;
        }
        if (t < taps) {
            const uint8_t *a = rows[t] + x;
            int16_t wa = weights[t];
            for (int i = 0; i < BLOCK; i++) sums[i] += (int16_t)a[i] * wa;
        }
        for (int i = 0; i < BLOCK; i++) out[x + i] = clamp_to_byte(sums[i]);
    }
    for (; x < width; x++) {
        int32_t sum = half;
        for (int t = 0; t < taps; t++) sum += (int32_t)rows[t][x] * weights[t];
        out[x] = clamp_to_byte(sum);
    }
}

static void columns_portable(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
                             size_t outputs, uint8_t *out) {
    const int32_t half = 1 << (CRESAMPLE_FRACTION_BITS - 1);
    for (size_t x = 0; x < outputs; x++) {
        const uint8_t *source = in + starts[x];
        const int16_t *weight = weights + x * (size_t)taps;
        int32_t sum = half;
        // Whole groups (taps is a multiple of CRESAMPLE_TAP_GROUP): a fixed
        // trip count the compiler turns into one multiply-add of 16-bit lanes.
        for (int t = 0; t < taps; t += CRESAMPLE_TAP_GROUP) {
            for (int i = 0; i < CRESAMPLE_TAP_GROUP; i++) sum += (int16_t)source[t + i] * weight[t + i];
        }
        out[x] = clamp_to_byte(sum);
    }
}

void cresample_rows(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out) {
    size_t done = 0;
#if CRESAMPLE_AVX2
    if (__builtin_cpu_supports("avx2")) done = cresample_rows_avx2(rows, weights, taps, width, out);
#endif
    if (done == width) return;
    const uint8_t *rest[taps];
    for (int t = 0; t < taps; t++) rest[t] = rows[t] + done;
    rows_portable(rest, weights, taps, width - done, out + done);
}

void cresample_columns(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
                       size_t outputs, uint8_t *out) {
    size_t done = 0;
#if CRESAMPLE_AVX2
    if (__builtin_cpu_supports("avx2")) done = cresample_columns_avx2(in, starts, weights, taps, outputs, out);
#endif
    columns_portable(in, starts + done, weights + done * (size_t)taps, taps, outputs - done, out + done);
}
