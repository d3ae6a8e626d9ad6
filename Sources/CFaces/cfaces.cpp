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
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace {

using detector_type = dlib::frontal_face_detector;
using pyramid_type = dlib::pyramid_down<6>;

// The pyramid levels searched by the first of two threads: the two largest
// hold about half of the work (each level has 25/36 of the pixels of the one
// before), the second thread searching the rest.
constexpr unsigned long top_levels = 2;

// The same filters searching only the top levels.
detector_type top_levels_only(const detector_type &detector) {
    detector_type::image_scanner_type scanner;
    scanner.copy_configuration(detector.get_scanner());
    scanner.set_max_pyramid_levels(top_levels);
    std::vector<detector_type::feature_vector_type> filters;
    for (unsigned long index = 0; index < detector.num_detectors(); index++) filters.push_back(detector.get_w(index));
    return detector_type(scanner, detector.get_overlap_tester(), filters);
}

}  // namespace

struct cfaces_model {
    detector_type detector;
    // Made with the model: building filters recomputes their separable form.
    detector_type top;

    explicit cfaces_model(detector_type whole) : detector(std::move(whole)), top(top_levels_only(detector)) {}
};

// dlib's exceptions (bad input, no memory) must not cross into Swift: every
// entry point catches them.

extern "C" cfaces_model *cfaces_model_builtin(void) {
    try {
        return new cfaces_model(dlib::get_frontal_face_detector());
    } catch (...) {
        return nullptr;
    }
}

extern "C" cfaces_model *cfaces_model_read(const uint8_t *bytes, size_t count) {
    if (bytes == nullptr || count == 0) return nullptr;
    try {
        std::istringstream in(std::string(reinterpret_cast<const char *>(bytes), count));
        detector_type detector;
        dlib::deserialize(detector, in);
        // Bytes left over mean these were not (only) a model.
        if (in.peek() != std::char_traits<char>::eof()) return nullptr;
        if (detector.num_detectors() == 0) return nullptr;
        return new cfaces_model(std::move(detector));
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

namespace {

// Threshold 0: dlib's own default, which found no face on any of our face-free pictures.
constexpr double threshold = 0.0;

// The two halves of one search, merged as dlib merges its own levels: best
// first, and a box that overlaps a better one (the model's own overlap test)
// dropped. The lower levels are searched on the picture shrunk twice by the
// pyramid's own step, which is exactly their first level, and their boxes
// taken back up the same two steps.
std::vector<dlib::rect_detection> search_in_two_threads(const cfaces_model &model,
                                                        const dlib::array2d<unsigned char> &image) {
    std::vector<dlib::rect_detection> top_found;
    std::exception_ptr top_failure;
    std::thread top_thread([&] {
        try {
            detector_type top = model.top;
            top(image, top_found, threshold);
        } catch (...) {
            top_failure = std::current_exception();
        }
    });
    std::vector<dlib::rect_detection> found;
    try {
        pyramid_type pyramid;
        dlib::array2d<unsigned char> once, twice;
        pyramid(image, once);
        pyramid(once, twice);
        const auto &scanner = model.detector.get_scanner();
        // No face fits in a picture smaller than the detector's window.
        if (twice.nc() >= static_cast<long>(scanner.get_detection_window_width()) &&
            twice.nr() >= static_cast<long>(scanner.get_detection_window_height())) {
            detector_type rest = model.detector;
            rest(twice, found, threshold);
            for (auto &face : found) {
                face.rect = dlib::rectangle(pyramid.rect_up(dlib::drectangle(face.rect), top_levels));
            }
        }
    } catch (...) {
        top_thread.join();
        throw;
    }
    top_thread.join();
    if (top_failure) std::rethrow_exception(top_failure);
    found.insert(found.end(), top_found.begin(), top_found.end());
    std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
        return a.detection_confidence > b.detection_confidence;
    });
    std::vector<dlib::rect_detection> kept;
    const dlib::test_box_overlap &overlaps = model.detector.get_overlap_tester();
    for (const auto &face : found) {
        const bool covered = std::any_of(kept.begin(), kept.end(), [&](const dlib::rect_detection &better) {
            return overlaps(face.rect, better.rect);
        });
        if (!covered) kept.push_back(face);
    }
    return kept;
}

}  // namespace

extern "C" int32_t cfaces_detect(const cfaces_model *model, const uint8_t *gray, int32_t width, int32_t height,
                                 ptrdiff_t stride, int32_t threads, cfaces_face *faces, int32_t capacity) {
    if (model == nullptr || gray == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0) return -1;
    try {
        // dlib wants its own image type; a working-size copy is a few hundred KB.
        dlib::array2d<unsigned char> image(height, width);
        for (int32_t row = 0; row < height; row++) {
            std::memcpy(&image[row][0], gray + row * stride, static_cast<size_t>(width));
        }
        std::vector<dlib::rect_detection> found;
        if (threads >= 2) {
            found = search_in_two_threads(*model, image);
        } else {
            // A detector keeps scratch buffers in itself while it runs, so each
            // search runs on its own copy (the five filters: a fraction of a millisecond).
            detector_type detector = model->detector;
            detector(image, found, threshold);
        }
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
