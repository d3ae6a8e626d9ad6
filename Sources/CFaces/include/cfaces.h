// Face detection for Swift: dlib's HOG frontal-face detector behind a C API,
// because dlib is a C++ template library that Swift cannot call. The model is
// compiled into dlib (nothing to load from disk). Chosen over OpenCV's
// cascades by measurement; the figures are in ARCHITECTURE.md.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One face found: a rectangle in the pixels of the image searched, and the
/// detector's confidence (above 0; higher is surer).
typedef struct {
    int32_t x;
    int32_t y;
    int32_t width;
    int32_t height;
    double score;
} cfaces_face;

/// Finds frontal faces at least about 80 pixels across in an 8-bit gray image
/// of `width` × `height` pixels, rows `stride` bytes apart. Writes up to
/// `capacity` faces, best first, and returns how many were found (which may be
/// more than `capacity`), or -1 when dlib failed (out of memory). Thread-safe:
/// each thread keeps its own detector.
int32_t cfaces_detect(const uint8_t *gray, int32_t width, int32_t height, ptrdiff_t stride,
                      cfaces_face *faces, int32_t capacity);

#ifdef __cplusplus
}
#endif
