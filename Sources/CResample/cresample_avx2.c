#include "cresample.h"
#include "cresample_avx2.h"

#if CRESAMPLE_AVX2
#include <immintrin.h>

// What the compiler made of the portable loops (cresample.c) for AVX2, and
// why these are written out:
// - the vertical pass widened each byte to 32 bits, so one pmaddwd
//   multiplied 8 pixels; here two taps' bytes are widened to 16 bits and
//   interleaved (a0 b0 a1 b1 …), and one pmaddwd gives a·wa + b·wb for 8
//   pixels: 16 products;
// - the horizontal pass summed the 8 lanes of each output's products on
//   their own, a chain of 7 instructions per output and tap group; here
//   eight outputs' lanes are summed together, by hadd.
// The sums and their rounding are the portable loops', and so are the bytes.

/// A sum with the rounding half in it, back to a sample's scale (>> fraction bits).
#define CRESAMPLE_SHIFT(sum) _mm256_srai_epi32((sum), CRESAMPLE_FRACTION_BITS)

__attribute__((target("avx2")))
size_t cresample_rows_avx2(const uint8_t *const *rows, const int16_t *weights, int taps, size_t width, uint8_t *out) {
    const __m256i half = _mm256_set1_epi32(1 << (CRESAMPLE_FRACTION_BITS - 1));
    const __m256i zero = _mm256_setzero_si256();
    size_t x = 0;
    for (; x + 32 <= width; x += 32) {
        // unpacklo/hi work within 128-bit lanes: `low` holds pixels 0–3 and
        // 8–11 of each 16, `high` 4–7 and 12–15; packs puts them back in order.
        __m256i low0 = half, high0 = half, low1 = half, high1 = half;
        for (int t = 0; t < taps; t += 2) {
            const uint8_t *a = rows[t] + x;
            const uint8_t *b = t + 1 < taps ? rows[t + 1] + x : NULL;
            uint32_t wb = b ? (uint16_t)weights[t + 1] : 0;
            const __m256i w = _mm256_set1_epi32((int32_t)((uint16_t)weights[t] | wb << 16));
            __m256i a0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)a));
            __m256i a1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(a + 16)));
            __m256i b0 = b ? _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)b)) : zero;
            __m256i b1 = b ? _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(b + 16))) : zero;
            low0 = _mm256_add_epi32(low0, _mm256_madd_epi16(_mm256_unpacklo_epi16(a0, b0), w));
            high0 = _mm256_add_epi32(high0, _mm256_madd_epi16(_mm256_unpackhi_epi16(a0, b0), w));
            low1 = _mm256_add_epi32(low1, _mm256_madd_epi16(_mm256_unpacklo_epi16(a1, b1), w));
            high1 = _mm256_add_epi32(high1, _mm256_madd_epi16(_mm256_unpackhi_epi16(a1, b1), w));
        }
        // Saturating packs clamp to 0…255 as clamp_to_byte does.
        __m256i words0 = _mm256_packs_epi32(CRESAMPLE_SHIFT(low0), CRESAMPLE_SHIFT(high0));
        __m256i words1 = _mm256_packs_epi32(CRESAMPLE_SHIFT(low1), CRESAMPLE_SHIFT(high1));
        // The bytes come out of packus by lane (0–7, 16–23, 8–15, 24–31): the permute orders them.
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(words0, words1), 0xD8);
        _mm256_storeu_si256((__m256i *)(out + x), bytes);
    }
    return x;
}

__attribute__((target("avx2")))
size_t cresample_columns_avx2(const uint8_t *in, const int32_t *starts, const int16_t *weights, int taps,
                              size_t outputs, uint8_t *out) {
    const __m256i half = _mm256_set1_epi32(1 << (CRESAMPLE_FRACTION_BITS - 1));
    size_t x = 0;
    for (; x + 8 <= outputs; x += 8) {
        // Per output, 8 lanes of partial sums (taps is a multiple of CRESAMPLE_TAP_GROUP, 16).
        __m256i sums[8];
        for (int k = 0; k < 8; k++) {
            const uint8_t *source = in + starts[x + (size_t)k];
            const int16_t *weight = weights + (x + (size_t)k) * (size_t)taps;
            __m256i sum = _mm256_setzero_si256();
            for (int t = 0; t < taps; t += CRESAMPLE_TAP_GROUP) {
                __m256i samples = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(source + t)));
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(samples, _mm256_loadu_si256((const __m256i *)(weight + t))));
            }
            sums[k] = sum;
        }
        // Two rounds of hadd leave, in each 128-bit lane, one partial sum per
        // output: outputs 0–3 in the first vector, 4–7 in the second, the
        // low lane holding the sums of lanes 0–3, the high lane of lanes 4–7.
        __m256i first = _mm256_hadd_epi32(_mm256_hadd_epi32(sums[0], sums[1]), _mm256_hadd_epi32(sums[2], sums[3]));
        __m256i second = _mm256_hadd_epi32(_mm256_hadd_epi32(sums[4], sums[5]), _mm256_hadd_epi32(sums[6], sums[7]));
        __m256i total = _mm256_add_epi32(_mm256_permute2x128_si256(first, second, 0x20),
                                         _mm256_permute2x128_si256(first, second, 0x31));
        total = CRESAMPLE_SHIFT(_mm256_add_epi32(total, half));
        __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(total), _mm256_extracti128_si256(total, 1));
        _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(words, words));
    }
    return x;
}

#endif
