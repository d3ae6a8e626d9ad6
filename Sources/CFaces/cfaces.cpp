#include "cfaces.h"

// Debian builds dlib with BLAS and LAPACK, so its headers call LAPACK's SVD
// (for the HOG filters' separable form). Turned off here, after dlib's
// configuration is read once (its two include-guarded headers are its only
// readers), dlib uses its own SVD: the crop program then links none of
// libblas, liblapack and libgfortran, and takes from libdlib.a only the two
// objects the compiled-in model needs (its base64 and entropy decoders).
#include <dlib/test_for_odr_violations.h>
#undef DLIB_USE_BLAS
#undef DLIB_USE_LAPACK
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/revision.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

struct cfaces_model {
    dlib::frontal_face_detector detector;
};

// dlib's exceptions (bad input, no memory) must not cross into Swift: every
// entry point catches them.

extern "C" cfaces_model *cfaces_model_builtin(void) {
    try {
        return new cfaces_model{dlib::get_frontal_face_detector()};
    } catch (...) {
        return nullptr;
    }
}

extern "C" cfaces_model *cfaces_model_read(const uint8_t *bytes, size_t count) {
    if (bytes == nullptr || count == 0) return nullptr;
    try {
        std::istringstream in(std::string(reinterpret_cast<const char *>(bytes), count));
        auto model = std::make_unique<cfaces_model>();
        dlib::deserialize(model->detector, in);
        // Bytes left over mean these were not (only) a model.
        if (in.peek() != std::char_traits<char>::eof()) return nullptr;
        if (model->detector.num_detectors() == 0) return nullptr;
        return model.release();
    } catch (...) {
        return nullptr;
    }
}

extern "C" size_t cfaces_model_write(const cfaces_model *model, uint8_t *buffer, size_t capacity) {
    if (model == nullptr) return 0;
    try {
        std::ostringstream out;
        dlib::serialize(model->detector, out);
        const std::string bytes = out.str();
        if (buffer != nullptr && capacity >= bytes.size()) std::memcpy(buffer, bytes.data(), bytes.size());
        return bytes.size();
    } catch (...) {
        return 0;
    }
}

extern "C" void cfaces_model_free(cfaces_model *model) { delete model; }

extern "C" const char *cfaces_dlib_version(void) {
#define CFACES_TEXT(x) #x
#define CFACES_VERSION(major, minor, patch) CFACES_TEXT(major) "." CFACES_TEXT(minor) "." CFACES_TEXT(patch)
    return CFACES_VERSION(DLIB_MAJOR_VERSION, DLIB_MINOR_VERSION, DLIB_PATCH_VERSION);
}

extern "C" int32_t cfaces_detect(const cfaces_model *model, const uint8_t *gray, int32_t width, int32_t height,
                                 ptrdiff_t stride, cfaces_face *faces, int32_t capacity) {
    if (model == nullptr || gray == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0) return -1;
    try {
        // A detector keeps scratch buffers in itself while it runs, so each
        // search runs on its own copy (the five filters: a fraction of a millisecond).
        dlib::frontal_face_detector detector = model->detector;
        // dlib wants its own image type; a working-size copy is a few hundred KB.
        dlib::array2d<unsigned char> image(height, width);
        for (int32_t row = 0; row < height; row++) {
            std::memcpy(&image[row][0], gray + row * stride, static_cast<size_t>(width));
        }
        std::vector<dlib::rect_detection> found;
        // Threshold 0: dlib's own default, which found no face on any of our face-free pictures.
        detector(image, found, 0.0);
        std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
            return a.detection_confidence > b.detection_confidence;
        });
        const size_t written = std::min(found.size(), static_cast<size_t>(capacity));
        for (size_t index = 0; index < written; index++) {
            const dlib::rectangle &box = found[index].rect;
            faces[index] = cfaces_face{static_cast<int32_t>(box.left()), static_cast<int32_t>(box.top()),
                                       static_cast<int32_t>(box.width()), static_cast<int32_t>(box.height()),
                                       found[index].detection_confidence};
        }
        return static_cast<int32_t>(std::min(found.size(), static_cast<size_t>(INT32_MAX)));
    } catch (...) {
        return -1;
    }
}
