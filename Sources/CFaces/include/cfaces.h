// Face detection for Swift: dlib's HOG frontal-face detector behind a C API,
// because dlib is a C++ template library that Swift cannot call. Chosen over
// OpenCV's cascades by measurement; the figures are in ARCHITECTURE.md.
//
// The model is compiled into dlib, packed with its entropy coder: unpacking
// it took 250 ms here, longer than a 12 MP crop. So a model can also be
// written out plain (155 KB) and read back from those bytes in 2 ms, which
// is what the crop program's cache file holds.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A face model (dlib's five HOG filters). Read-only once made: one model
/// serves any number of threads.
typedef struct cfaces_model cfaces_model;

/// dlib's compiled-in model, unpacked (slow, see above). NULL when out of memory.
cfaces_model *cfaces_model_builtin(void);

/// A model from the bytes `cfaces_model_write` gave. NULL when they are not
/// one (a damaged cache file), never a crash on plain corruption.
cfaces_model *cfaces_model_read(const uint8_t *bytes, size_t count);

/// The model's plain bytes: their size; written into `buffer` only when
/// `capacity` holds them (ask with capacity 0 first). 0 when dlib failed.
size_t cfaces_model_write(const cfaces_model *model, uint8_t *buffer, size_t capacity);

void cfaces_model_free(cfaces_model *model);

/// dlib's version ("19.24.0"): a model's plain bytes are read only by the dlib that wrote them.
const char *cfaces_dlib_version(void);

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
/// more than `capacity`), or -1 when dlib failed (out of memory). With
/// `threads` 2 the search is split in two halves run at once (for a core that
/// would otherwise wait; the same faces, within a pixel).
int32_t cfaces_detect(const cfaces_model *model, const uint8_t *gray, int32_t width, int32_t height,
                      ptrdiff_t stride, int32_t threads, cfaces_face *faces, int32_t capacity);

#ifdef __cplusplus
}
#endif
