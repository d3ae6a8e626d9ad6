#include "cfaces.h"

#include <dlib/image_processing/frontal_face_detector.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace {

// The detector keeps scratch buffers in itself while it runs, so one per
// thread; building it unpacks the compiled-in model once per thread.
dlib::frontal_face_detector &thread_detector() {
    thread_local dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    return detector;
}

}  // namespace

extern "C" int32_t cfaces_detect(const uint8_t *gray, int32_t width, int32_t height, ptrdiff_t stride,
                                 cfaces_face *faces, int32_t capacity) {
    if (gray == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0) return -1;
    // dlib's exceptions must not cross into Swift.
    try {
        // dlib wants its own image type; a working-size copy is a few hundred KB.
        dlib::array2d<unsigned char> image(height, width);
        for (int32_t row = 0; row < height; row++) {
            std::memcpy(&image[row][0], gray + row * stride, static_cast<size_t>(width));
        }
        std::vector<dlib::rect_detection> found;
        // Threshold 0: dlib's own default, which found no face on any of our face-free pictures.
        thread_detector()(image, found, 0.0);
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
