// zbar for Swift (CodeReader, Sources/SquareCamCodes). zbar_fourcc is a
// function-like macro, which does not import into Swift: the one format we
// hand zbar is re-stated here.
#pragma once
#include <zbar.h>

// "Y800": one byte of luma per pixel, rows packed without padding.
static inline unsigned long squarecam_zbar_gray_format(void) {
    return zbar_fourcc('Y', '8', '0', '0');
}
