#include "cresample.h"

// x86-64: one AVX2 and one baseline (SSE2) version of each loop, picked by
// the loader from what the CPU supports. Not under ThreadSanitizer: it
// instruments the clones' ifunc resolver, which the loader runs before the
// TSan runtime is up, so the test bundle crashed at load (make test-sanitizers).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CRESAMPLE_NO_CLONES 1
#endif
#endif
#if defined(__x86_64__) && defined(__clang__) && !defined(CRESAMPLE_NO_CLONES)
#define CRESAMPLE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CRESAMPLE_CLONES
#endif

static inline uint8_t clamp_to_byte(int32_t sum) {
    int32_t value = sum >> CRESAMPLE_FRACTION_BITS;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

// Blocks of this many pixels keep the sums in registers across all taps.
#define BLOCK 32

CRESAMPLE_CLONES
void cresample_rows(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out) {
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

CRESAMPLE_CLONES
void cresample_columns(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
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
