#include "cresample_yuv.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Bilinear, as GStreamer's videoscale does by default: each output pixel
// blends the two nearest source samples each way. The vertical blend runs
// first, over the source columns of a row (a few contiguous rows, which
// vectorise); the horizontal blend and the colour matrix then run per
// output pixel, reading that blended row through a table of where each
// output pixel's two samples start and how they are weighed.
// Vertical weights have 7 fraction bits, so a blended row fits in int16
// (255·128); horizontal ones 8, so the blend of a blend fits pmaddwd.
// Across a row, chroma is blended once for each pair of output pixels, at
// the pair's centre: as much chroma as the frame has wherever the square is
// scaled down, and a third fewer gathers than one blend per pixel.

#define V_BITS 7
#define H_BITS 8

// Entries per group: what one AVX2 step blends.
#define GROUP 8
// Samples one 32-byte load of a blended row holds.
#define WINDOW 16

typedef struct {
    int32_t *starts;   // per output pixel (chroma: pixel pair): index of its first sample in the blended row
    int32_t *weights;  // per output pixel (pair): (256 − f) | f << 16, the pair pmaddwd wants
    // When every group of GROUP entries reads within WINDOW samples (any
    // scale down to about half): per group the window's first sample, and
    // two byte shuffles that pick each entry's pair of samples from the
    // window's two halves. Four times as fast as a gather here (AMD EPYC).
    int windowed;
    int32_t *window_starts;
    uint8_t (*shuffles)[2][32];
} h_taps;

// Where the point `at` of n output pixels (pixel i's centre is i + 0.5),
// over source samples [first, first + count), falls: pixel centres map to
// pixel centres; chroma positions are half the luma position, less a
// quarter (chroma centred between two luma samples).
static void position(double at, int n, int first, int count, int chroma, int *start, int *fraction, int bits) {
    double scale = (double)count / n;
    double p = first + at * scale - 0.5;
    int low = first, high = first + count - 1;
    if (chroma) {
        p = (p - 0.5) / 2;
        low = first / 2;
        high = (first + count - 1) / 2;
    }
    if (p < low) p = low;
    if (p > high) p = high;
    int whole = (int)floor(p);
    int f = (int)lround((p - whole) * (1 << bits));
    if (f == 1 << bits) { whole++; f = 0; }
    if (whole >= high) { whole = high; f = 0; }
    *start = whole;
    *fraction = f;
}

cresample_yuv_matrix cresample_yuv_matrix_make(double kr, double kb, int full_range) {
    double kg = 1 - kr - kb;
    double ys = full_range ? 1 : 255.0 / 219, cs = full_range ? 1 : 255.0 / 224;
    double one = 1 << CRESAMPLE_YUV_BITS;
    cresample_yuv_matrix m;
    m.y = (int32_t)lround(ys * one);
    m.v_to_r = (int32_t)lround(cs * 2 * (1 - kr) * one);
    m.u_to_b = (int32_t)lround(cs * 2 * (1 - kb) * one);
    m.u_to_g = (int32_t)lround(-cs * 2 * kb * (1 - kb) / kg * one);
    m.v_to_g = (int32_t)lround(-cs * 2 * kr * (1 - kr) / kg * one);
    m.y_offset = full_range ? 0 : 16;
    return m;
}

static inline uint8_t clamp_byte(int32_t v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

static inline int32_t h_blend(const int16_t *row, int32_t start, int32_t weights) {
    int32_t a = row[start], b = row[start + 1];
    return (a * (weights & 0xffff) + b * (weights >> 16) + (1 << (V_BITS + H_BITS - 1))) >> (V_BITS + H_BITS);
}

static void pixels_portable(const int16_t *luma, const int16_t *u, const int16_t *v, const h_taps *lt, const h_taps *ct,
                            const cresample_yuv_matrix *m, int bgra, int from, int width, uint8_t *out) {
    const int32_t half = 1 << (CRESAMPLE_YUV_BITS - 1);
    for (int x = from; x < width; x++) {
        int32_t Y = h_blend(luma, lt->starts[x], lt->weights[x]);
        int32_t U = h_blend(u, ct->starts[x >> 1], ct->weights[x >> 1]) - 128;
        int32_t V = h_blend(v, ct->starts[x >> 1], ct->weights[x >> 1]) - 128;
        int32_t yy = m->y * (Y - m->y_offset) + half;
        uint8_t r = clamp_byte((yy + m->v_to_r * V) >> CRESAMPLE_YUV_BITS);
        uint8_t g = clamp_byte((yy + m->u_to_g * U + m->v_to_g * V) >> CRESAMPLE_YUV_BITS);
        uint8_t b = clamp_byte((yy + m->u_to_b * U) >> CRESAMPLE_YUV_BITS);
        uint8_t *p = out + 4 * (size_t)x;
        p[0] = bgra ? b : r;
        p[1] = g;
        p[2] = bgra ? r : b;
        p[3] = 255;
    }
}

#if defined(__x86_64__)
// Two small signed values per 32-bit lane as the int16 pair pmaddwd takes: `low` in the low half.
__attribute__((target("avx2")))
static inline __m256i int16_pairs(__m256i low, __m256i high) {
    return _mm256_or_si256(_mm256_and_si256(low, _mm256_set1_epi32(0xffff)), _mm256_slli_epi32(high, 16));
}

// The pmaddwd operand (a, b): a for the pair's low half, b for its high.
static inline int32_t int16_pair(int32_t a, int32_t b) { return (int32_t)(((uint32_t)b << 16) | ((uint32_t)a & 0xffff)); }

// Whether the matrix fits rgba_avx2's 16-bit products: every coefficient but
// u_to_b as it is, u_to_b less 1 << CRESAMPLE_YUV_BITS (that part is a shift).
// So it is for every standard matrix (u_to_b is at most 2.14 × 2^14).
static int fits_int16_products(const cresample_yuv_matrix *m) {
    int32_t c[] = {m->y, m->v_to_r, m->u_to_g, m->v_to_g, m->u_to_b - (1 << CRESAMPLE_YUV_BITS)};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        if (c[i] < INT16_MIN || c[i] > INT16_MAX) return 0;
    return 1;
}

// R, G, B, 255 (B, G, R, 255 with `bgra`) for eight pixels from their blended Y, U, V (32-bit lanes),
// with the portable loop's matrix, rounding and clamping: the same sums,
// each two products one pmaddwd of int16 pairs (Y less its offset, U and V
// are within ±255), which costs less than 32-bit multiplies.
__attribute__((target("avx2")))
static inline __m256i rgba_avx2(__m256i Y, __m256i U, __m256i V, const cresample_yuv_matrix *m, int bgra) {
    const __m256i half = _mm256_set1_epi32(1 << (CRESAMPLE_YUV_BITS - 1));
    const __m256i zero = _mm256_setzero_si256(), max = _mm256_set1_epi32(255);
    __m256i y = _mm256_sub_epi32(Y, _mm256_set1_epi32(m->y_offset));
    __m256i yv = int16_pairs(y, V), yu = int16_pairs(y, U), v1 = int16_pairs(V, _mm256_set1_epi32(1));
    __m256i r = _mm256_add_epi32(_mm256_madd_epi16(yv, _mm256_set1_epi32(int16_pair(m->y, m->v_to_r))), half);
    __m256i g = _mm256_add_epi32(_mm256_madd_epi16(yu, _mm256_set1_epi32(int16_pair(m->y, m->u_to_g))),
                                 _mm256_madd_epi16(v1, _mm256_set1_epi32(int16_pair(m->v_to_g, 1 << (CRESAMPLE_YUV_BITS - 1)))));
    __m256i b = _mm256_add_epi32(_mm256_madd_epi16(yu, _mm256_set1_epi32(int16_pair(m->y, m->u_to_b - (1 << CRESAMPLE_YUV_BITS)))),
                                 _mm256_add_epi32(_mm256_slli_epi32(U, CRESAMPLE_YUV_BITS), half));
    r = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(r, CRESAMPLE_YUV_BITS), zero), max);
    g = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(g, CRESAMPLE_YUV_BITS), zero), max);
    b = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(b, CRESAMPLE_YUV_BITS), zero), max);
    __m256i first = bgra ? b : r, third = bgra ? r : b;
    return _mm256_or_si256(_mm256_or_si256(first, _mm256_slli_epi32(g, 8)),
                           _mm256_or_si256(_mm256_slli_epi32(third, 16), _mm256_set1_epi32((int32_t)0xff000000)));
}

// One plane's horizontal blend for eight table entries: each entry's two
// samples are one 32-bit gather, and one pmaddwd weighs them.
__attribute__((target("avx2")))
static inline __m256i h_blend_avx2(const int16_t *row, const h_taps *taps, int at) {
    __m256i weights = _mm256_loadu_si256((const __m256i *)(taps->weights + at));
    __m256i pairs;
    if (taps->windowed) {
        int group = at / GROUP;
        __m256i window = _mm256_loadu_si256((const __m256i *)(row + taps->window_starts[group]));
        __m256i low = _mm256_permute2x128_si256(window, window, 0x00);
        __m256i high = _mm256_permute2x128_si256(window, window, 0x11);
        pairs = _mm256_or_si256(_mm256_shuffle_epi8(low, _mm256_loadu_si256((const __m256i *)taps->shuffles[group][0])),
                                _mm256_shuffle_epi8(high, _mm256_loadu_si256((const __m256i *)taps->shuffles[group][1])));
    } else {
        __m256i starts = _mm256_loadu_si256((const __m256i *)(taps->starts + at));
        pairs = _mm256_i32gather_epi32((const int *)row, starts, 2);
    }
    __m256i sums = _mm256_add_epi32(_mm256_madd_epi16(pairs, weights), _mm256_set1_epi32(1 << (V_BITS + H_BITS - 1)));
    return _mm256_srai_epi32(sums, V_BITS + H_BITS);
}

// Sixteen pixels at a time: two luma blends of eight, one chroma blend of
// eight pairs, each pair's value given to both its pixels.
__attribute__((target("avx2")))
static int pixels_avx2(const int16_t *luma, const int16_t *u, const int16_t *v, const h_taps *lt, const h_taps *ct,
                       const cresample_yuv_matrix *m, int bgra, int width, uint8_t *out) {
    const __m256i c128 = _mm256_set1_epi32(128);
    const __m256i first_four = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3), last_four = _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7);
    uint8_t tail[64];
    for (int x = 0; x < width; x += 16) {
        // The last sixteen or fewer are made in `tail` (the tables reach that
        // far) and copied: no pixel is left to the portable loop, ten times slower.
        uint8_t *target = x + 16 <= width ? out + 4 * (size_t)x : tail;
        __m256i U = _mm256_sub_epi32(h_blend_avx2(u, ct, x / 2), c128);
        __m256i V = _mm256_sub_epi32(h_blend_avx2(v, ct, x / 2), c128);
        __m256i low = rgba_avx2(h_blend_avx2(luma, lt, x), _mm256_permutevar8x32_epi32(U, first_four),
                                _mm256_permutevar8x32_epi32(V, first_four), m, bgra);
        __m256i high = rgba_avx2(h_blend_avx2(luma, lt, x + 8), _mm256_permutevar8x32_epi32(U, last_four),
                                 _mm256_permutevar8x32_epi32(V, last_four), m, bgra);
        _mm256_storeu_si256((__m256i *)target, low);
        _mm256_storeu_si256((__m256i *)(target + 32), high);
        if (target == tail) memcpy(out + 4 * (size_t)x, tail, 4 * (size_t)(width - x));
    }
    return width;
}

__attribute__((target("avx2")))
static int v_blend_avx2(const uint8_t *a, const uint8_t *b, int f, int count, int16_t *out) {
    const __m256i wa = _mm256_set1_epi16((int16_t)((1 << V_BITS) - f)), wb = _mm256_set1_epi16((int16_t)f);
    int i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(a + i)));
        __m256i y = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(b + i)));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_add_epi16(_mm256_mullo_epi16(x, wa), _mm256_mullo_epi16(y, wb)));
    }
    return i;
}
#endif

// The blended row of one plane: rows a and b weighed (128 − f, f), `count` samples `step` bytes apart.
static void v_blend(const uint8_t *a, const uint8_t *b, int f, int count, int step, int avx2, int16_t *out) {
    int16_t wa = (int16_t)((1 << V_BITS) - f), wb = (int16_t)f;
    if (step == 1) {
        int i = 0;
#if defined(__x86_64__)
        if (avx2) i = v_blend_avx2(a, b, f, count, out);
#endif
        for (; i < count; i++) out[i] = (int16_t)(a[i] * wa + b[i] * wb);
    } else {
        for (int i = 0; i < count; i++) out[i] = (int16_t)(a[i * step] * wa + b[i * step] * wb);
    }
    out[count] = out[count - 1];  // the second sample of the last pixel
}

// The windows of `taps` (see h_taps), when every group's pairs fit one;
// -1 when memory ran out.
static int make_windows(h_taps *taps, int entries) {
    int groups = entries / GROUP;
    int32_t *window_starts = malloc(sizeof(int32_t) * (size_t)groups);
    uint8_t (*shuffles)[2][32] = malloc(sizeof *shuffles * (size_t)groups);
    if (!window_starts || !shuffles) {
        free(window_starts);
        free(shuffles);
        return -1;
    }
    for (int g = 0; g < groups; g++) {
        const int32_t *starts = taps->starts + g * GROUP;
        int low = starts[0], high = starts[0];
        for (int i = 1; i < GROUP; i++) {  // decreasing when mirrored
            if (starts[i] < low) low = starts[i];
            if (starts[i] > high) high = starts[i];
        }
        if (high + 1 - low >= WINDOW) {  // a larger step down: gathers
            free(window_starts);
            free(shuffles);
            return 0;
        }
        window_starts[g] = low;
        // Entry i's 32-bit lane gets the window's bytes 2d … 2d + 3 (its
        // two int16 samples), from the half that holds each byte; 0x80
        // makes a byte zero, so the two shuffles' results can be ORed.
        for (int i = 0; i < GROUP; i++) {
            int d = starts[i] - low;
            for (int k = 0; k < 4; k++) {
                int byte = 2 * d + k;
                shuffles[g][0][4 * i + k] = byte < 16 ? (uint8_t)byte : 0x80;
                shuffles[g][1][4 * i + k] = byte >= 16 ? (uint8_t)(byte - 16) : 0x80;
            }
        }
    }
    taps->windowed = 1;
    taps->window_starts = window_starts;
    taps->shuffles = shuffles;
    return 0;
}

// The table for n output pixels: one entry per pixel for luma, per pair of
// pixels for chroma; as many as pixels_avx2's last step of sixteen reads
// (positions past the last pixel are clamped to the last sample). Mirrored,
// the point at p samples where the point at n − p would. With `windows`,
// for pixels_avx2, the windows too where they fit.
static int make_taps(int n, int first, int count, int chroma, int mirrored, int windows, h_taps *taps) {
    int padded = (n + 15) / 16 * 16;
    int entries = chroma ? padded / 2 : padded;
    taps->starts = malloc(sizeof(int32_t) * (size_t)entries);
    taps->weights = malloc(sizeof(int32_t) * (size_t)entries);
    if (!taps->starts || !taps->weights) return -1;
    int origin = chroma ? first / 2 : first;
    for (int i = 0; i < entries; i++) {
        int start, f;
        // A pair's centre is where its two pixels meet.
        double at = chroma ? 2 * i + 1 : i + 0.5;
        position(mirrored ? n - at : at, n, first, count, chroma, &start, &f, H_BITS);
        taps->starts[i] = start - origin;
        taps->weights[i] = ((1 << H_BITS) - f) | (f << 16);
    }
    return windows ? make_windows(taps, entries) : 0;
}

int cresample_yuv420_is_vectorised(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int cresample_yuv420_to_rgba(const cresample_yuv420 *s, int x, int y, int width, int height,
                             const cresample_yuv_matrix *m, int out_width, int out_height, uint8_t *out,
                             size_t out_stride, int options) {
    int bgra = (options & CRESAMPLE_BGRA) != 0, mirrored = (options & CRESAMPLE_MIRRORED) != 0;
    // Picked per call, not by target_clones: see cresample.c.
    int avx2 = cresample_yuv420_is_vectorised();
    int avx2_pixels = 0;
#if defined(__x86_64__)
    avx2_pixels = avx2 && fits_int16_products(m);
#endif
    int chroma_first = x / 2, chroma_count = (x + width - 1) / 2 - chroma_first + 1;
    // A few kilobytes, made per frame: they depend on the size, which may change with any frame.
    h_taps lt = {0}, ct = {0};
    // A window may reach WINDOW samples past a row's last: zeros, never used.
    int16_t *luma = calloc((size_t)(width + WINDOW), sizeof(int16_t));
    int16_t *u = calloc((size_t)(chroma_count + WINDOW), sizeof(int16_t));
    int16_t *v = calloc((size_t)(chroma_count + WINDOW), sizeof(int16_t));
    int status = -1;
    if (luma && u && v && make_taps(out_width, x, width, 0, mirrored, avx2_pixels, &lt) == 0 &&
        make_taps(out_width, x, width, 1, mirrored, avx2_pixels, &ct) == 0) {
        for (int row = 0; row < out_height; row++) {
            int ly, lf, cy, cf;
            position(row + 0.5, out_height, y, height, 0, &ly, &lf, V_BITS);
            position(row + 0.5, out_height, y, height, 1, &cy, &cf, V_BITS);
            const uint8_t *la = s->y + (size_t)ly * s->y_stride + x;
            v_blend(la, lf ? la + s->y_stride : la, lf, width, 1, avx2, luma);
            size_t chroma_at = (size_t)cy * s->chroma_stride + (size_t)chroma_first * (size_t)s->chroma_step;
            size_t next = cf ? s->chroma_stride : 0;
            v_blend(s->u + chroma_at, s->u + chroma_at + next, cf, chroma_count, s->chroma_step, avx2, u);
            v_blend(s->v + chroma_at, s->v + chroma_at + next, cf, chroma_count, s->chroma_step, avx2, v);
            uint8_t *target = out + (size_t)row * out_stride;
            int done = 0;
#if defined(__x86_64__)
            if (avx2_pixels) done = pixels_avx2(luma, u, v, &lt, &ct, m, bgra, out_width, target);
#endif
            pixels_portable(luma, u, v, &lt, &ct, m, bgra, done, out_width, target);
        }
        status = 0;
    }
    free(lt.starts);
    free(lt.weights);
    free(lt.window_starts);
    free(lt.shuffles);
    free(ct.starts);
    free(ct.weights);
    free(ct.window_starts);
    free(ct.shuffles);
    free(luma);
    free(u);
    free(v);
    return status;
}
