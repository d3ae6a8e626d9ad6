// A camera frame's 4:2:0 YUV straight to the RGBA pixels of the
// viewfinder: crop, bilinear scale and colour conversion in one pass over
// the output (see FrameScaler).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// A 4:2:0 frame: full-size luma and half-size chroma, the two chroma
/// samples either in planes of their own (I420, YV12: step 1) or side by
/// side in one plane (NV12, NV21: step 2, `v` one byte after `u`).
typedef struct {
    const uint8_t *y;
    const uint8_t *u;
    const uint8_t *v;
    size_t y_stride;
    size_t chroma_stride;
    int chroma_step;
    int width, height;
} cresample_yuv420;

/// Y'CbCr → R'G'B' in fixed point (CRESAMPLE_YUV_BITS fraction bits):
/// R = y·(Y − y_offset) + v_to_r·(V − 128), G = y·(Y − y_offset) + u_to_g·(U − 128) + v_to_g·(V − 128),
/// B = y·(Y − y_offset) + u_to_b·(U − 128).
typedef struct {
    int32_t y, v_to_r, u_to_g, v_to_g, u_to_b, y_offset;
} cresample_yuv_matrix;

#define CRESAMPLE_YUV_BITS 14

/// The matrix for luma weights kr and kb (BT.601: 0.299, 0.114; BT.709:
/// 0.2126, 0.0722), full range (0–255) or video range (Y 16–235, chroma 16–240).
cresample_yuv_matrix cresample_yuv_matrix_make(double kr, double kb, int full_range);

/// True where the scaler's own loops run (x86-64 with AVX2), the only CPUs
/// it was measured faster than GStreamer's converters on; elsewhere (the
/// phones' ARM, with GStreamer's NEON code) it would be portable C.
int cresample_yuv420_is_vectorised(void);

/// Options of cresample_yuv420_to_rgba.
enum {
    /// B, G, R, 255: the bytes of cairo's ARGB32 and GDK's default format on
    /// little-endian machines (a screen's surface), instead of R, G, B, 255.
    CRESAMPLE_BGRA = 1,
    /// Flipped left-right: output pixel x samples where pixel width − 1 − x would.
    CRESAMPLE_MIRRORED = 2,
};

/// Writes `source`'s region (x, y, width, height; inside the frame) scaled
/// to out_width × out_height into `out`, 4 bytes a pixel: R, G, B, 255, or
/// as `options` say. Returns 0, or -1 when memory for its tables runs out.
int cresample_yuv420_to_rgba(const cresample_yuv420 *source, int x, int y, int width, int height,
                             const cresample_yuv_matrix *matrix, int out_width, int out_height, uint8_t *out,
                             size_t out_stride, int options);
